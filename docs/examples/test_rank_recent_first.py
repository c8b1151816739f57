"""The recent-first ranking example keeps the ranking contract."""

import rank_recent_first

from personakit_plugin.testing import RankingContract


class TestRecentFirst(RankingContract):
    plugin = rank_recent_first
