"""A taxpayer identification number said as people say it is refused: an American's "TIN" (their Social Security
number, ITIN or a sole owner's EIN) in capitals or in lower case where only the number can be meant ("my tin is ...",
"tin no."), a lower-case "ein" after "my", a Nigerian TIN, and a Philippine TIN or a person's Indian PAN further on in
its sentence. A firm's, a client's, an employer's or a nonprofit's tax number is stored, and so is the metal.

`tests/corpus/secrets_tax_numbers/` holds two parts written from how owners talk by someone who had not read the
check; its README gives what the check refused of the second before anyone read it.
"""

from __future__ import annotations

import pytest

from personakit_plugin.default_plugins.secrets import proposal_secret_kind, secret_kind

from ..helpers.secret_corpora import APART_PARTS, TAX_NUMBERS, blind_part, refused_ordinary, stored_secrets

# The corpus's secrets the check stores, each for a rule it keeps on purpose: an LLC's EIN is the company's, given on
# every W-9 and invoice as the owner says; a number told in two halves with no label between them is not joined; a
# Ghanaian TIN whose check digit fails is no TIN the GRA issued (the corpus's writer did not know the GRA's check).
STORED_ON_PURPOSE = {
    "Priya's single-member LLC EIN is 36-8761499.": "an LLC's EIN, printed on its invoices",
    "Naomi's single-member LLC, Fischer Audio LLC, has EIN 55-2821111 for vendor forms.": "an LLC's EIN",
    "Ben's EIN for his DJ business starts with 43-59": "told in two halves",
    "Tasha's home daycare EIN (she is the sole owner) begins 04-153": "told in two halves",
    "Kwame's Ghana TIN (as a sole proprietor) is P0004798896.": "its check digit fails",
    "Ama's Ghana TIN on her customs declarations is P0096735989.": "its check digit fails",
    "Ama's son Kofi's TIN for his scholarship form is P0067587869.": "its check digit fails",
}


@pytest.mark.parametrize("part", APART_PARTS)
def test_every_secret_of_the_tax_number_corpus_is_refused_but_those_stored_on_purpose(part: str) -> None:
    cases = blind_part(TAX_NUMBERS, part)
    texts = {case.text for case in cases}
    assert {case.text for case in stored_secrets(cases)} == {text for text in STORED_ON_PURPOSE if text in texts}


@pytest.mark.parametrize("part", APART_PARTS)
def test_no_ordinary_sentence_of_the_tax_number_corpus_is_refused(part: str) -> None:
    assert [(case.text, case.quote) for case in refused_ordinary(blind_part(TAX_NUMBERS, part))] == []


def test_the_tax_number_corpus_has_its_counts_and_no_line_twice() -> None:
    both = [case for part in APART_PARTS for case in blind_part(TAX_NUMBERS, part)]
    assert [sum(case.secret for case in blind_part(TAX_NUMBERS, part)) for part in APART_PARTS] == [40, 40]
    assert len({case.text for case in both}) == len({case.quote for case in both}) == len(both) == 140


@pytest.mark.parametrize(
    ("sentence", "kind"),
    [
        ("my TIN is 524-38-1947", "us-ssn"),
        ("TIN 524-38-1947 is mine", "us-ssn"),
        ("my TIN: 524381947", "us-ssn"),
        ("my tin is 524-38-1947", "us-ssn"),
        ("tin no. 524-38-1947 for the 1099", "us-ssn"),
        ("my business tin is 912-78-1234", "us-itin"),
        ("my business TIN is 45-2818373", "us-ein"),
        ("my ein is 45-2818373", "us-ein"),
        ("ein number 45-2818373 is mine", "us-ein"),
        ("tin for my catering biz (na only me): 29140759-0001", "ng-tin"),
        ("My TIN (JTB individual) – 29140759-0001, use it for the registration", "ng-tin"),
        ("my Philippine TIN for their records, it's 412-803-557-000", "ph-tin"),
        ("HR wants my PAN for TDS, mine is ABCPE1234F", "in-pan"),
        # A Ghanaian TIN after a lower-case "tin" is read as any personal number after its name, whatever its check.
        ("my wife Efua's tin is P0018214697, she needs it for the bank loan form", "personal-number"),
        # A business an owner may run alone is the owner's, said with "the" as with "my".
        ("the daycare's EIN is 45-2818373, I run it alone", "us-ein"),
        ("my business EIN is 45-2818373", "us-ein"),
    ],
)
def test_a_taxpayer_number_as_people_say_it_is_refused(sentence: str, kind: str) -> None:
    assert secret_kind(sentence) == kind
    assert proposal_secret_kind("Keeps their tax details.", sentence) == kind


@pytest.mark.parametrize(
    "sentence",
    [
        # The metal and its can, and German's "ein", beside a number of the same shape.
        "bought a tin of paint, order 45-2818373",
        "tin 3 of 12 in the pantry",
        "ich habe ein 45-2818373 bestellt",
        "the tin number is on the form, I'll look for it",
        # A firm's, a client's, a distributor's, an employer's or a nonprofit's tax number.
        "Buckeye Payroll Services Inc. (EIN 46-9990586) runs the payroll",
        "the client's TIN for the withholding tax credit note is 18537610-0001",
        "Harbourline Shipping Ltd has TIN 18537610-0001 for the credit notes",
        "distributor's TIN on the delivery receipt 235-551-166-000",
        "school PTA is a nonprofit, EIN 53-1790485, so the auction stuff is deductible?",
        "donated $250 to the library foundation (EIN 58-9859130)",
        "the shelter's EIN is 23-8616954, for the write-off",
        "the landscaping company's EIN (84-2931776) is printed on invoice 1043",
        "my employer's EIN is 84-2931776, it's on the W-2",
        # A trust's PAN, printed on its donation receipts, further on than its name.
        "trust PAN printed on all donation receipts is AAATS7315Q",
    ],
)
def test_a_tax_number_that_is_not_the_owners_or_no_number_is_stored(sentence: str) -> None:
    assert secret_kind(sentence) is None


def test_an_owners_ssn_beside_a_company_named_with_inc_stays_refused() -> None:
    # "Inc." ends no clause, so the company is read as the EIN's; the owner's own number after it is still refused.
    assert secret_kind("Buckeye Payroll Services Inc. (EIN 46-9990586) pays me. my TIN is 524-38-1947") == "us-ssn"
    assert secret_kind("Acme Inc. asked for my SSN 524-38-1947") == "us-ssn"
