"""Rank the memories that share a word with the question by recency alone, newest first."""

from personakit_plugin import Candidate, hookimpl


@hookimpl
def personakit_rank(candidates: list[Candidate]) -> list[Candidate]:
    return sorted(candidates, key=lambda c: (-c.memory.touched, c.memory.id))
