"""Numbers people say that are no code: a year, round hundreds, a date.

A code of four digits and a year look alike ("the alarm was fitted in 2019", "Tresor Modell 2024"), and so
do a code and an amount, a time or a count in round hundreds ("the shop needs 5000", "bake at 1800"). The
readings that take a bare number as a code ask here first, so that what counts as a year is said once.
"""

from __future__ import annotations

from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern

YEAR = lazy_pattern(r"(?:19|20)\d\d")
"""A year from 1900 to 2099, with `fullmatch`."""
HUNDREDS = lazy_pattern(r"\d*00")
"""Digits in round hundreds (or "00"), with `fullmatch`."""
YEAR_OR_HUNDREDS = lazy_pattern(r"(?:19|20)\d\d|\d*00")
"""Either, with `fullmatch`."""
DATE = lazy_pattern(r"(?:19|20)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])")
"""A date written as eight digits, year, month and day, with `fullmatch`: no account's or document's number."""
DAY_MONTH_YEAR = lazy_pattern(r"(?:0[1-9]|[12]\d|3[01])(?:0[1-9]|1[0-2])\d\d")
"""A date written as six digits, day, month and year (DDMMYY), with `fullmatch`: how a Scottish CHI number begins."""
