"""Identity numbers of Qatar and Bahrain, their shapes and labels; neither has a published check, so each is refused
only right after its name: Qatar's ID (QID: 2 or 3 for the century, the year of birth, the nationality's
three-digit code and five digits) and Bahrain's personal number (CPR, الرقم الشخصي: the year and month of birth
and five digits)."""

from __future__ import annotations

from datetime import date

from personakit_plugin.default_plugins.secrets.number_labels import Family, digits_of, local_label, value


def qa_qid_said(value: str) -> bool:
    """A Qatari ID: eleven digits, 2 (born in the 1900s) or 3 (the 2000s), the year of birth, a nationality's
    ISO 3166 numeric code (004 to 894) and five digits; no check is published."""
    digits = digits_of(value)
    if len(digits) != 11 or digits[0] not in "23" or not 4 <= int(digits[3:6]) <= 894:
        return False
    return (1700 + 100 * int(digits[0]) + int(digits[1:3])) <= date.today().year


QA_QID = Family(
    "qa-qid",
    local_label(
        r"""(?-i:QID)(?:[ ](?:number|no\.?))?|qatar(?:i)?[ ]id(?:[ ](?:card[ ])?(?:number|no\.?))?
        |(?:رقم[ ])?البطاقة[ ]الشخصية(?:[ ]القطرية)?""",
        "is|:|هو",
    ),
    value(r"(?<![\d-])[23]\d{10}"),
    qa_qid_said,
    ("qatar", "البطاقة الشخصية"),
    None,
    ("QID",),
)


def bh_cpr_said(value: str) -> bool:
    """A Bahraini personal number (CPR): nine digits, the year and month of birth as YYMM and five digits; no check
    is published."""
    digits = digits_of(value)
    return len(digits) == 9 and 1 <= int(digits[2:4]) <= 12 and len(set(digits[4:])) > 1


BH_CPR = Family(
    "bh-cpr",
    local_label(
        r"""(?-i:CPR)(?:[ ](?:number|no\.?))?|bahraini[ ](?:cpr|id)(?:[ ](?:card[ ])?(?:number|no\.?))?
        |الرقم[ ]الشخصي|رقمي[ ]الشخصي|رقم[ ]السجل[ ]السكاني""",
        "is|:|هو",
    ),
    value(r"(?<![\d-])\d{2}(?:0[1-9]|1[0-2])\d{5}"),
    bh_cpr_said,
    ("bahraini", "الرقم الشخصي", "رقمي الشخصي", "السجل السكاني"),
    None,
    ("CPR",),
)
