"""A number whose name is an acronym that is a word too, typed in lower case as chat types it, is refused where only
the number can be meant: after "my" (Spanish and Jamaican Patois "mi"), "our", "his", "her", "business" or a
possessive, or before "no.", "number" or "#" ("my sin is ...", "my brother's sin is ...", "pan no ...", "mi trn a
..."). The same word anywhere else (the sine, sin as a wrong, a pan, a computer's uid) is stored. So is a Singapore NRIC
typed in lower case, a Mexican NSS in the IMSS card's groups, and a label's meaning in brackets before its value.

`tests/corpus/secrets_lower_case/` holds two parts written from how owners type by someone who had not read the
check; its README gives what the check refused of them before anyone read them.
"""

from __future__ import annotations

import pytest

from personakit_plugin.default_plugins.secrets import proposal_secret_kind, secret_kind

from ..helpers.secret_corpora import APART_PARTS, LOWER_CASE, blind_part, refused_ordinary, stored_secrets

# The corpus's secrets the check stores, each for a rule it keeps on purpose: a number told in two halves is not
# joined; a number with no check (a Jamaican TRN, a Nigerian BVN) is read only right after its name, so not when the
# text names it and the quote gives it bare; a label after its value is read after "is" and its like, not after
# Jamaican Patois's "dat a".
STORED_ON_PURPOSE = {
    "Gaz's NHS number begins 485 723.": "told in two halves",
    "First part of the NI number of Priti's husband: JH 84.": "told in two halves",
    "La CURP de Alejandro empieza con GOMA850312.": "told in two halves",
    "Shanice gave her daughter Kayla's Jamaican TRN for the school registration form.": "no check, named apart",
    "Chidi shared his wife Adaeze's Bank Verification Number (BVN) for their joint account.": "no check, named apart",
    "Delroy holds his mother's TRN for her pension.": "its label after it, in Patois",
}


@pytest.mark.parametrize("part", APART_PARTS)
def test_every_secret_of_the_lower_case_corpus_is_refused_but_those_stored_on_purpose(part: str) -> None:
    cases = blind_part(LOWER_CASE, part)
    texts = {case.text for case in cases}
    assert {case.text for case in stored_secrets(cases)} == {text for text in STORED_ON_PURPOSE if text in texts}


@pytest.mark.parametrize("part", APART_PARTS)
def test_no_ordinary_sentence_of_the_lower_case_corpus_is_refused(part: str) -> None:
    assert [(case.text, case.quote) for case in refused_ordinary(blind_part(LOWER_CASE, part))] == []


def test_the_lower_case_corpus_has_its_counts_and_no_line_twice() -> None:
    both = [case for part in APART_PARTS for case in blind_part(LOWER_CASE, part)]
    assert [sum(case.secret for case in blind_part(LOWER_CASE, part)) for part in APART_PARTS] == [40, 40]
    assert len({case.text for case in both}) == len({case.quote for case in both}) == len(both) == 140


@pytest.mark.parametrize(
    ("sentence", "kind"),
    [
        ("my sin is 507 483 378", "ca-sin"),
        ("my brother's sin is 507483378, he just landed", "ca-sin"),
        ("sin no. 507 483 378", "ca-sin"),
        ("my tfn is 875 251 566", "au-tfn"),
        ("my pan is ABCPE1234F", "in-pan"),
        ("my pan card ABCPE1234F", "in-pan"),
        ("my uid is 7848 3040 1198", "in-aadhaar"),
        ("my ntn is 4210987-3", "pk-ntn"),
        ("mi trn a 123-456-789", "jm-trn"),
        ("my trn is 123-456-789", "jm-trn"),
        ("mi nss es 32 14 92 0871 5 para la cita", "mx-nss"),
        ("ah ma's nric is s6676572e, for her polyclinic appt", "sg-nric"),
        ("my NIN (National Identification Number) is 41827305964", "ng-nin"),
    ],
)
def test_an_acronyms_number_typed_in_lower_case_is_refused(sentence: str, kind: str) -> None:
    assert secret_kind(sentence) == kind
    assert proposal_secret_kind("Keeps their documents.", sentence) == kind


@pytest.mark.parametrize(
    "sentence",
    [
        "a sin is 507 483 378 times worse, said the priest",
        "sin 30 is 0.5 and cos 60 is 0.5",
        "café sin azúcar 875 251 566 veces",
        "the pan is 24 cm, 2 litres",
        "my pan is hot, 200 degrees",
        "my uid is 1000 on the build server",
        "uid 501 owns the folder",
        "inn at 507 483 378 Main Street",
        # A valid NRIC's letters in lower case with no label before it.
        "the parcel code is s6676572e",
    ],
)
def test_the_same_words_meaning_something_else_are_stored(sentence: str) -> None:
    assert secret_kind(sentence) is None
