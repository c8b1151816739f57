"""Identity numbers of Bolivia and Honduras, their shapes and labels; neither has a published check, so each is
refused only right after its name: Bolivia's identity card (carnet de identidad, CI: seven or eight digits and the
department that issued it, "LP", "SC", "CB"...) and Honduras's identity number (DNI, tarjeta de identidad: the
department and municipality of registration, the year of birth and five digits)."""

from __future__ import annotations

from personakit_plugin.default_plugins.secrets.number_labels import Family, birth_year, digits_of, local_label, value

# The department's letters after the number, as the card and every form write it ("CI 4789123 LP", "C.I.
# 6123456-SC"): the shape only a Bolivian CI has.
BO_CI = Family(
    "bo-ci",
    local_label(
        r"""(?-i:CI|C\.I\.?)|carnet(?:[ ]de[ ]identidad)?|c[ée]dula[ ]de[ ]identidad""",
        "es|:|is",
    ),
    value(r"(?<![\d.-])\d{7,8}(?:[ -]|[ ]?\.[ ]?)?(?-i:LP|SC|CB|OR|PT|CH|TJ|BN|BE|PA|PD)"),
    lambda number: len(set(digits_of(number))) > 1,
    ("carnet", "cédula de identidad", "cedula de identidad", "c.i"),
    None,
    ("CI",),
)


def hn_dni_said(value: str) -> bool:
    """A Honduran identity number: thirteen digits, the department (01 to 18) and municipality of registration,
    the year of birth and five digits; no check is published."""
    digits = digits_of(value)
    return len(digits) == 13 and birth_year(digits[4:8])


# As the card prints it, "0801-1990-12345", or in one run.
HN_DNI = Family(
    "hn-dni",
    local_label(
        r"""(?-i:DNI)|(?:n[uú]mero|tarjeta|no\.?)[ ]de[ ]identidad|identidad(?:[ ]hondureña)?""",
        "es|:|is",
    ),
    value(r"(?<![\d-])(?:0[1-9]|1[0-8])(?:0[1-9]|[1-2]\d|3[0-2])([ -]?)(?:19|20)\d{2}\1\d{5}"),
    hn_dni_said,
    ("dni", "identidad"),
)
