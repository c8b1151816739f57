"""Identity numbers of Australia and New Zealand, their checks and labels: the Tax File Number (TFN), the
Medicare card number and New Zealand's IRD number."""

from __future__ import annotations

from personakit_plugin.default_plugins.secrets.number_labels import (
    Family,
    digits_of,
    label,
    lower_case_label,
    value,
    weighted_sum,
)

_TFN_WEIGHTS = (1, 4, 3, 7, 5, 8, 6, 9, 10)
_MEDICARE_WEIGHTS = (1, 3, 7, 9, 1, 3, 7, 9)


def tfn_valid(value: str) -> bool:
    """An Australian Tax File Number: nine digits whose sum weighted 1, 4, 3, 7, 5, 8, 6, 9, 10 is a
    multiple of 11, not one digit repeated."""
    digits = [int(d) for d in digits_of(value)]
    if len(digits) != len(_TFN_WEIGHTS) or len(set(digits)) == 1:
        return False
    return weighted_sum(digits, _TFN_WEIGHTS) % 11 == 0


def medicare_card_valid(value: str) -> bool:
    """An Australian Medicare card number: ten digits (an eleventh, the holder's place on the card, may
    follow), the first 2 to 6, the ninth the last digit of the first eight weighted 1, 3, 7, 9, 1, 3, 7, 9."""
    digits = [int(d) for d in digits_of(value)]
    if len(digits) not in (10, 11) or not 2 <= digits[0] <= 6:
        return False
    return weighted_sum(digits[:8], _MEDICARE_WEIGHTS) % 10 == digits[8]


AU_TFN = Family(
    "au-tfn",
    label(r"(?-i:TFN)|tax[ ]file(?:[ ](?:number|no\.?|\#))?|" + lower_case_label("tfn")),
    value(r"(?<![\d-])\d{3}([ ]?)\d{3}\1\d{3}"),
    tfn_valid,
    ("tfn", "tax file"),
    tfn_valid,
)


# Grouped as the green card prints it, four, five and one digits ("2953 71843 1"), the holder's place on
# the card perhaps after it.
AU_MEDICARE = Family(
    "au-medicare-number",
    label(r"medicare(?:[ ](?:card|number|no\.?|\#|card[ ]number))?"),
    value(r"(?<![\d-])[2-6]\d{3}([ ]?)\d{5}\1\d(?:[ /-]?\d)?"),
    medicare_card_valid,
    ("medicare",),
    medicare_card_valid,
)


_IRD_WEIGHTS = (3, 2, 7, 6, 5, 4, 3, 2)
_IRD_SECOND_WEIGHTS = (7, 4, 3, 2, 5, 2, 7, 6)


def ird_valid(value: str) -> bool:
    """A New Zealand IRD number: eight or nine digits between 10,000,000 and 150,000,000, the last the mod 11
    check of the eight before (padded with a 0), weighted 3, 2, 7, 6, 5, 4, 3, 2, or when that gives 10,
    7, 4, 3, 2, 5, 2, 7, 6."""
    digits = digits_of(value)
    if len(digits) not in (8, 9) or not 10_000_000 <= int(digits) <= 150_000_000:
        return False
    base = [int(d) for d in digits[:-1].rjust(8, "0")]
    for weights in (_IRD_WEIGHTS, _IRD_SECOND_WEIGHTS):
        remainder = weighted_sum(base, weights) % 11
        check = 0 if remainder == 0 else 11 - remainder
        if check != 10:
            return check == int(digits[-1])
    return False


NZ_IRD = Family(
    "nz-ird-number",
    label(r"(?-i:IRD)(?:[ ](?:number|no\.?|\#))?|inland[ ]revenue[ ]number"),
    value(r"(?<![\d-])\d{2,3}([ -]?)\d{3}\1\d{3}"),
    ird_valid,
    ("inland revenue",),
    ird_valid,
    ("IRD",),
)
