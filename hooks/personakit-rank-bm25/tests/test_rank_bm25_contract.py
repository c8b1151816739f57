"""The ranking contract every ranking hook keeps, from PersonaKit's kit for plugin authors."""

from personakit_plugin.testing import RankingContract

import personakit_rank_bm25


class TestRankBm25Contract(RankingContract):
    plugin = personakit_rank_bm25
