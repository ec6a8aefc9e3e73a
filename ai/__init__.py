"""Search-based AI seats on the engine contract (docs/ai.md). Pure: imports rules/ only."""

from ai.levels import DEFAULT_LEVEL, LEVELS, decide
from ai.search import Budget, SearchResult, search

__all__ = ["DEFAULT_LEVEL", "LEVELS", "Budget", "SearchResult", "decide", "search"]
