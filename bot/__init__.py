"""Scarab's runtime: settings, SQLite storage, the match service and the ``python -m bot`` entry.

No Discord code lives here; ``cogs/`` and ``cogs/client.py`` call the match service.
"""
