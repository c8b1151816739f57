"""The word NIP is a PIN in French and Spanish, and Poland's tax number, which every Polish firm prints on its
invoices: right after "NIP" (or one word after it), ten digits whose last is their weighted sum mod 11 are
that tax number and stored; a PIN after "NIP" is still refused, and so are ten digits that fail the check."""

from __future__ import annotations

import pytest

from personakit_plugin.default_plugins.secrets import holds_secret

FIRMS = [
    "Firma Kowalski sp. z o.o., NIP 5260001246, adres na fakturze",
    "NIP firmy: 526-000-12-46",
    "NIP sprzedawcy 754-10-22-330 na fakturze",
    "Invoices go to Drukarnia Opole, NIP PL 779-243-18-24",
    "the printer's invoice says NIP 123-456-32-18, send it to accounting",
]

PINS = [
    "mon NIP est 4821",
    "le NIP de la carte bleue: 5831",
    "mi NIP del banco es 482193",
    "NIP de la carte 4821",
    # ten digits after "NIP" that are no Polish tax number may be a PIN still
    "NIP firmy: 526-000-12-47",
]


@pytest.mark.parametrize("text", FIRMS)
def test_a_polish_firms_tax_number_after_nip_is_stored(text: str) -> None:
    assert not holds_secret(text, text)


@pytest.mark.parametrize("text", PINS)
def test_a_pin_after_nip_is_refused(text: str) -> None:
    assert holds_secret(text, text)
