"""The default SQLite store passes the store contract suite that every backend must pass."""

import re
import sys
import tomllib
from pathlib import Path

import pytest

from personakit_plugin.storage.sqlite import SqliteStore
from personakit_plugin.testing import StoreContract
from personakit_plugin.testing.store_contract import MISSING_HYPOTHESIS


class TestSqliteStore(StoreContract):
    def open_store(self, where: Path) -> SqliteStore:
        return SqliteStore.open(where)


def test_the_view_property_test_fails_saying_what_to_install_when_hypothesis_is_missing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without hypothesis the property test over views fails with one sentence, never skips."""
    monkeypatch.setitem(sys.modules, "hypothesis", None)  # `import hypothesis` raises ImportError
    contract = TestSqliteStore()
    with pytest.raises(pytest.fail.Exception) as failed:
        contract.test_matches_top_matches_and_approved_in_any_view_are_everything_filtered_by_hand(tmp_path)
    assert str(failed.value) == MISSING_HYPOTHESIS
    assert "install personakit-plugin[testing]" in MISSING_HYPOTHESIS and MISSING_HYPOTHESIS.count(". ") == 0


def test_the_testing_extra_brings_what_the_kit_needs() -> None:
    extras = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "optional-dependencies"
    ]
    assert {re.split(r"[<>=]", r)[0] for r in extras["testing"]} == {"pytest", "hypothesis"}
