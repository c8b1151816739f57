"""What a plugin says in `personakit doctor` of what it keeps in the store (`PERSONAKIT_PROGRESS`)."""

from __future__ import annotations

from types import SimpleNamespace

from personakit_plugin.core.plugins import DETAIL_LIMIT, progress_of


def test_a_plugins_progress_is_one_line_of_the_kit_and_a_failure_says_only_its_type() -> None:
    kit = object()
    seen: list[object] = []

    def said(given: object) -> str:
        seen.append(given)
        return "recall: 4,100 of\n10,000 memories indexed"

    assert progress_of(SimpleNamespace(PERSONAKIT_PROGRESS=said), kit) == "recall: 4,100 of 10,000 memories indexed"
    assert seen == [kit]

    def failing(_: object) -> str:
        raise RuntimeError("a stored text the log must not hold")

    assert progress_of(SimpleNamespace(PERSONAKIT_PROGRESS=failing), kit) == (
        "(its PERSONAKIT_PROGRESS failed: RuntimeError)"
    )
    assert progress_of(SimpleNamespace(PERSONAKIT_PROGRESS=lambda _: None), kit) is None
    assert progress_of(SimpleNamespace(PERSONAKIT_PROGRESS=lambda _: 3), kit) == "(its PERSONAKIT_PROGRESS is not text)"
    assert progress_of(SimpleNamespace(), kit) is None
    long = progress_of(SimpleNamespace(PERSONAKIT_PROGRESS=lambda _: "x" * 500), kit)
    assert long is not None and len(long) == DETAIL_LIMIT and long.endswith("…")
