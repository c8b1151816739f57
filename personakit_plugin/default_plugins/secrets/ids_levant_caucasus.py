"""Identity numbers of Palestine, Iraq and Armenia, their shapes and labels, each refused only right after its name:
a Palestinian identity number (رقم الهوية, nine digits, the last the check digit of the same Luhn rule the Israeli
Teudat Zehut has, the registry having issued both), Iraq's national identification number (on the national card,
البطاقة الوطنية: twelve digits) and Armenia's public services number (ՀԾՀ, on the social card: ten digits), these
two with no published check."""

from __future__ import annotations

from personakit_plugin.default_plugins.secrets.ids_middle_east import il_id_valid
from personakit_plugin.default_plugins.secrets.number_labels import Family, digits_of, local_label, value


def ps_id_valid(value: str) -> bool:
    """A Palestinian identity number: nine digits, the last Luhn's check digit, not one digit repeated."""
    return len(digits_of(value)) == 9 and il_id_valid(value)


# Nine digits, sometimes a dash before the check digit, right after its name: "رقم الهوية 403416720".
PS_ID = Family(
    "ps-id",
    local_label(
        r"""رقم[ ]الهوية(?:[ ]الفلسطينية)?|رقم[ ]هويتي|هويتي|palestinian[ ]id(?:[ ](?:card[ ])?(?:number|no\.?))?
        |hawiy?ya(?:[ ](?:number|no\.?))?""",
        "is|:|هو",
    ),
    value(r"(?<![\d-])\d{8}-?\d"),
    ps_id_valid,
    ("الهوية", "هويتي", "palestinian", "hawiya", "hawiyya"),
)


# Armenia's public services number (հանրային ծառայությունների համարանիշ, ՀԾՀ), printed on the social card: ten
# digits, a shape many numbers have, so only right after its own names.
AM_PUBLIC_SERVICES_NUMBER = Family(
    "am-public-services-number",
    local_label(
        r"""ՀԾՀ(?:-ս|[ ]համարը)?|հանրային[ ]ծառայությունների[ ]համարանիշ(?:ը)?|սոցիալական[ ]քարտ(?:ի[ ]համարը)?
        |(?:armenian[ ])?social[ ]card(?:[ ](?:number|no\.?))?|(?:armenian[ ])?public[ ]services?[ ]number
        |(?:номер[ ])?социальной[ ]карты|соцкарт[аы]""",
        "is|:|է|-",
    ),
    value(r"(?<![\d-])\d{10}"),
    lambda number: len(set(number)) > 2,
    (
        "հծհ",
        "հանրային ծառայությունների",
        "սոցիալական քարտ",
        "social card",
        "public service",
        "социальной карты",
        "соцкарт",
    ),
)


# Iraq's national identification number, twelve digits on the national card (البطاقة الوطنية, Kurdish کارتی
# نیشتمانی), a shape many numbers have, so only right after the card's own names.
IQ_NATIONAL_ID = Family(
    "iq-national-id",
    local_label(
        r"""(?:رقم[ ])?البطاقة[ ]الوطنية(?:[ ]العراقية)?|(?:ژمارەی[ ])?(?:کارتی|كارتى)[ ](?:نیشتمانی|نيشتمانى)
        |iraqi[ ]national[ ](?:card|id)(?:[ ](?:number|no\.?))?""",
        "is|:|هو|مالتي",
    ),
    value(r"(?<![\d-])[1-9]\d{11}"),
    lambda number: len(set(number)) > 2,
    ("البطاقة الوطنية", "کارتی", "كارتى", "iraqi"),
)
