"""Developer tools run from a checkout (``python -m tools.<name>``); never imported by the bot
and not part of the installed package."""
