"""Scarab's runtime: settings, SQLite storage, the match service and the ``python -m bot`` entry.

No Discord code lives here: the client (``cogs/client.py``) and the cogs call the match service.
"""
