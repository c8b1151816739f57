"""The recall tests' fixture: a kit with the recall plugin on the test's data folder."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from personakit_plugin import PersonaKit, View
from recall_testing import environ

import personakit_recall


@pytest.fixture
def recall_kit(personakit_data_dir: Path) -> Iterator[Callable[..., PersonaKit]]:
    """`recall_kit(view=EVERYTHING)`: a kit on the test's data folder with the recall plugin."""
    opened: list[PersonaKit] = []

    def make(view: View | None = None) -> PersonaKit:
        kit = PersonaKit.open(
            personakit_data_dir, plugins=[personakit_recall], environ=environ(), view=view or View()
        )
        opened.append(kit)
        return kit

    yield make
    for kit in opened:
        kit.close()
