"""Identity numbers of Barbados and Brunei, their shapes and labels; neither has a published check, so each is
refused only right after its name: Barbados's national registration number (the birth date as YYMMDD and four
digits, "850315-0123") and Brunei's identity card number (IC: the card's colour, 00 or 01 a citizen's yellow, 30 or
31 a resident's purple, 50 or 51 a green one, and six digits, "01-123456")."""

from __future__ import annotations

from personakit_plugin.default_plugins.secrets.number_labels import (
    Family,
    digits_of,
    local_label,
    short_year_date,
    value,
)


def bb_nrn_said(value: str) -> bool:
    """A Barbadian national registration number: ten digits, the first six a birth date as YYMMDD; no check is
    published."""
    digits = digits_of(value)
    return (
        len(digits) == 10
        and short_year_date(int(digits[:2]), int(digits[2:4]), int(digits[4:6]))
        and len(set(digits[6:])) > 1
    )


BB_NRN = Family(
    "bb-nrn",
    local_label(
        r"""(?:barbados|barbadian|bajan)[ ](?:national[ ])?id(?:[ ](?:card[ ])?(?:number|no\.?))?
        |national[ ]registration[ ](?:number|no\.?)""",
        "is|:",
    ),
    value(r"(?<![\d-])\d{6}-?\d{4}"),
    bb_nrn_said,
    ("barbad", "bajan", "national registration"),
)


# The colour's two digits, a dash or a space and six digits, as the card prints it ("01-123456"): after 'IC' or
# the card's Malay names.
BN_IC = Family(
    "bn-ic",
    local_label(
        r"""brunei(?:an)?[ ](?:smart[ ])?(?:ic|id|identity[ ]card)(?:[ ](?:card[ ])?(?:number|no\.?))?
        |(?:nombor[ ])?kad[ ]pengenalan(?:[ ](?:kuning|ungu|hijau))?|(?:nombor[ ])?ic[ ](?:kuning|ungu|hijau)
        |nombor[ ]ic
        |(?-i:IC)(?:[ ](?:number|no\.?))?|ic[ ](?:number|no\.?)""",
        "saya(?:[ ]ialah)?|ialah|is|:",
    ),
    value(r"(?<![\d-])(?:0[01]|3[01]|5[01])[ -]\d{6}"),
    lambda number: len(set(digits_of(number)[2:])) > 1,
    ("brunei", "kad pengenalan", "ic n", "nombor ic", "ic kuning", "ic ungu", "ic hijau"),
    None,
    ("IC",),
)
