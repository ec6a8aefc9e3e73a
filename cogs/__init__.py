"""How Discord talks to Scarab: thin cogs (lobby, play, help) over the match service, the
persistent components (``components``) and the turn announcements (``announce``)."""
