"""The PostgreSQL store's word index keys only what a read shows, as the SQLite store's does: an
unconfirmed or restricted memory's words masked by the redaction plugins the kit loaded, an approved
one's as approved; a redaction plugin installed or removed after the memories were indexed re-keys
them when a kit opens the schema. Here with `personakit-redact-pii`, which masks IBANs."""

from __future__ import annotations

from pathlib import Path

import pytest
from personakit_plugin import PersonaKit, ReadResult

pytest.importorskip("personakit_redact_pii", reason="personakit-redact-pii is not installed (tox -e hooks has it)")

IBAN, OTHER = "GB82 WEST 1234 5698 7654 32", "DE89 3704 0044 0532 0130 00"


def kit_on(url: str, folder: Path, plugins: str) -> PersonaKit:
    return PersonaKit.open(folder, environ={"PERSONAKIT_PLUGINS": plugins, "PERSONAKIT_POSTGRES_URL": url})


def first(kit: PersonaKit, question: str) -> ReadResult:
    return kit.read(question, 1)


def test_the_word_index_keys_what_a_read_shows_and_follows_the_redaction_plugins(
    postgres_url: str, tmp_path: Path
) -> None:
    plain = kit_on(postgres_url, tmp_path, "store-postgres")
    # Through the store: a proposal holding an IBAN is refused as a secret's shape, but a text stored
    # before that refusal (or imported) is still there to be keyed.
    memory = plain.store.propose(f"Pays the rent from {IBAN}", "the rent goes out on the first", "other", 1.0).id
    assert [found.id for found in first(plain, IBAN).memories] == [memory]  # shown unmasked, so found
    plain.close()

    masked = kit_on(postgres_url, tmp_path, "store-postgres,redact-pii")
    assert first(masked, IBAN) == first(masked, OTHER) == ReadResult(memories=[], withheld=0)
    assert [found.text for found in first(masked, "rent").memories] == ["Pays the rent from [iban]"]
    masked.store.decide(memory, "approve", masked.now())
    assert [found.id for found in first(masked, IBAN).memories] == [memory]  # approved text is shown as it is
    masked.store.decide(memory, "restrict", masked.now())
    assert first(masked, IBAN) == first(masked, OTHER) == ReadResult(memories=[], withheld=0)
    masked.store.decide(memory, "reset", masked.now())
    assert first(masked, IBAN) == first(masked, OTHER) == ReadResult(memories=[], withheld=0)
    masked.close()

    again = kit_on(postgres_url, tmp_path, "store-postgres")  # the plugin removed: shown, and found, again
    assert [found.id for found in first(again, IBAN).memories] == [memory]
    again.close()
