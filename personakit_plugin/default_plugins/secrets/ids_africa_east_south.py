"""Identity numbers of Tanzania, Rwanda, Ethiopia, Botswana and Zimbabwe, their shapes and labels; none has a
published check, so each is refused only right after its name: Tanzania's national identification number (NIDA's
NIN: the birth date, then twelve digits), Rwanda's national ID (indangamuntu: 1, 2 or 3, the year of birth, 8 or 7
for the sex, seven digits, the card's issue and two digits), Ethiopia's Fayda number (its FIN of twelve digits or
its FAN of sixteen), Botswana's Omang (nine digits, the fifth 1 or 2 for the sex) and Zimbabwe's national ID (a
district, six or seven digits, a letter and the district of origin)."""

from __future__ import annotations

from personakit_plugin.default_plugins.secrets.number_labels import (
    Family,
    birth_year,
    born,
    digits_of,
    local_label,
    value,
)


def tz_nin_said(value: str) -> bool:
    """A Tanzanian national identification number: twenty digits, the first eight the birth date as YYYYMMDD."""
    digits = digits_of(value)
    return len(digits) == 20 and born(int(digits[:4]), int(digits[4:6]), int(digits[6:8]))


# As NIDA prints it, "19900315-12345-00001-23", or in one run.
TZ_NIN = Family(
    "tz-nin",
    local_label(
        r"""nida(?:[ ](?:number|no\.?|id))?|namba[ ]ya[ ](?:nida|kitambulisho(?:[ ]cha[ ]taifa)?|utambulisho)
        |(?-i:NIN)(?:[ ](?:number|no\.?))?|tanzanian[ ](?:national[ ])?id(?:[ ]number)?""",
        "yangu[ ]ni|ni|is|:",
    ),
    value(r"(?<![\d-])(?:19|20)\d{6}(-?)\d{5}\1\d{5}\1\d{2}"),
    tz_nin_said,
    ("nida", "namba ya", "tanzanian"),
    None,
    ("NIN",),
)


def rw_national_id_said(value: str) -> bool:
    """A Rwandan national ID: sixteen digits, 1 (a citizen), 2 (a refugee) or 3 (a foreigner), the year of birth,
    8 (a man) or 7 (a woman), seven digits, the card's issue and two digits; no check is published."""
    digits = digits_of(value)
    return len(digits) == 16 and birth_year(digits[1:5])


RW_NATIONAL_ID = Family(
    "rw-national-id",
    local_label(
        r"""(?:nomero[ ]y['’])?indangamuntu(?:[ ]yanjye)?|rwandan[ ](?:national[ ])?id(?:[ ](?:card[ ])?number)?""",
        "ni|is|:",
    ),
    value(r"(?<![\d-])[123]([ ]?)(?:19|20)\d{2}\1[78]\1\d{7}\1\d\1\d{2}"),
    rw_national_id_said,
    ("indangamuntu", "rwandan"),
)


# Ethiopia's Fayda: the FIN on the card, twelve digits, or the FAN, sixteen, in groups of four or in one run.
ET_FAYDA = Family(
    "et-fayda",
    local_label(r"""fayda(?:[ ](?:id|card|number|no\.?|(?-i:FIN|FAN)))*|ፋይዳ(?:[ ]ቁጥር)?""", "is|:|ቁጥሬ"),
    value(r"(?<![\d-])\d{4}([ -]?)\d{4}\1\d{4}(?:\1\d{4})?"),
    lambda number: len(set(digits_of(number))) > 1,
    ("fayda", "ፋይዳ"),
)


def bw_omang_said(value: str) -> bool:
    """A Botswana Omang: nine digits, the fifth 1 (a man) or 2 (a woman); no check is published."""
    digits = digits_of(value)
    return len(digits) == 9 and digits[4] in "12" and len(set(digits)) > 2


BW_OMANG = Family(
    "bw-omang",
    local_label(
        r"""omang(?:[ ](?:id|card|number|no\.?))*|botswana[ ](?:national[ ])?id(?:[ ]number)?""",
        "(?:wa|ya)[ ]me[ ]ke|ke|is|:",
    ),
    value(r"(?<![\d-])\d{4}[12]\d{4}"),
    bw_omang_said,
    ("omang", "botswana"),
)


# Zimbabwe's national ID: the district that registered it, six or seven digits, a letter and the district of
# origin ("63-123456 A 42", "08-2047823-F-13"), a shape only it has.
ZW_NATIONAL_ID = Family(
    "zw-national-id",
    local_label(
        r"""zim(?:babwe(?:an)?)?[ ](?:national[ ])?id(?:[ ](?:card[ ])?number)?|national[ ]id(?:[ ](?:card[ ])?number)?
        |chitupa(?:[ ]changu)?""",
        "is|:|ndeye",
    ),
    value(r"(?<![\w-])\d{2}[ -]?\d{6,7}[ -]?(?-i:[A-Z])[ -]?\d{2}"),
    lambda number: True,
    ("zim", "national id", "chitupa"),
)


# Zambia's national registration card number (NRC), as the card prints it: six digits, the district's two and
# the holder's status, 1 for a citizen ("NRC 123456/11/1"), a shape only it has; no check is published.
ZM_NRC = Family(
    "zm-nrc",
    local_label(r"(?-i:NRC)(?:[ ](?:number|no\.?))?|national[ ]registration[ ]card(?:[ ](?:number|no\.?))?", "is"),
    value(r"(?<![\d/])\d{6}/\d{2}/[1-3]"),
    lambda number: len(set(digits_of(number)[:6])) > 1,
    ("national registration card",),
    None,
    ("NRC",),
)

# Uganda's national identification number (NIN): C, M or F for the sex, the last two digits of the year of
# birth and ten digits and capitals ("NIN CM90012345ABCD"), a shape only it has; no check is published.
UG_NIN = Family(
    "ug-nin",
    local_label(r"(?-i:NIN)(?:[ ](?:number|no\.?))?", "is"),
    value(r"(?<![\w-])(?-i:C[MF]\d{2}[0-9A-Z]{10})"),
    lambda number: any(ch.isdigit() for ch in number[4:]) and any(ch.isalpha() for ch in number[4:]),
    (),
    None,
    ("NIN",),
)
