"""Identity and bank numbers: an assistant never needs them to help its owner, so none is stored.

Each family is recognised by its structure and, where it has one, its checksum: an IBAN anywhere (`ibans`); an
Italian codice fiscale anywhere (its check letter); a French NIR anywhere, grouped as the carte Vitale prints
it (its key); a Swiss AHV number anywhere, dotted as its card prints it (its EAN-13 check digit); and after
their label, or just before it ("151-90-0769 is my SSN"), the numbers of each family (a
`number_labels.Family`: its label, its value's shape, its check), kept by where they are issued:
`ids_americas` (US SSN, ITIN, EIN and Medicare number, Canadian SIN and health cards, Brazilian CPF, CNH and
SUS card (CNS), Argentinian CUIL, Chilean RUT, Colombian NIT, Mexican RFC and IMSS number, Peruvian DNI and
RUC, Uruguayan cédula, Cuban identity number, Jamaican TRN; a Mexican CURP anywhere, by its check digit),
`ids_oceania` (Australian Tax File Number and Medicare card number, New
Zealand's IRD number), `ids_india_africa` (India's Aadhaar number and PAN, Singapore's NRIC and FIN, South
Africa's identity number, income tax reference and medical aid number, Kenya's KRA PIN, Mozambique's NUIT,
Angolan and Mozambican identity cards (BI), the Philippines' SSS, PhilHealth and tax numbers, Ghana's TIN
and Ghana card, Nigeria's NIN and BVN, Senegal's ECOWAS card, Pakistan's CNIC and NTN, Malaysia's identity card,
tax and EPF numbers, India's PM-JAY ID, Sri Lanka's NIC, Mauritius's NIC, Tunisian and Moroccan CIN,
Bangladeshi NID),
`ids_north_europe` (UK National Insurance and NHS numbers, German Steuer-ID, social insurance and health
insurance numbers, Dutch BSN, Belgian national register number and health insurance fund member number,
Luxembourg matricule, Austrian social insurance number, Swiss AHV number, Irish PPS number),
`ids_nordic_baltic` (Swedish personnummer, Norwegian fødselsnummer, Danish CPR number, Finnish henkilötunnus,
Icelandic kennitala, Estonian isikukood, Lithuanian asmens kodas, Latvian personas kods), `ids_east_europe`
(Polish PESEL, Czech and Slovak rodné číslo, Romanian CNP, Bulgarian EGN, Croatian OIB, the former Yugoslavia's
EMŠO and JMBG, Hungarian TAJ number and adóazonosító jel, Greek AMKA and AFM, Russian INN and SNILS, Ukrainian
RNOKPP, Moldovan IDNP, Georgian personal number, Belarusian identification number), `ids_middle_east` (Turkish
T.C. Kimlik No, Israeli Teudat Zehut, Emirates ID, Saudi national ID and Iqama, Egyptian national ID, Iranian
national code, Kuwaiti civil ID, Jordanian national number), `ids_asia` (Chinese resident identity card, Hong Kong
HKID, Taiwanese national ID, South Korean resident registration number, Japanese My Number, Thai national ID,
Indonesian NIK, Vietnamese CCCD, Kazakh IIN), `ids_latin_america` (the cédulas of Ecuador, the Dominican Republic,
Costa Rica and Venezuela, Guatemala's DPI, Salvadoran DUI, Nicaraguan and Panamanian cédulas),
`ids_africa_east_south` (Tanzanian NIN, Rwandan national ID, Ethiopian Fayda number, Botswana's Omang, Zimbabwean
national ID), `ids_africa_north_west` (Algerian NIN, Beninese NPI), `ids_gulf` (Qatari ID, Bahraini CPR),
`ids_asia_central_south` (Azerbaijani VÖEN, Uzbek PINFL, Kyrgyz personal identification number, Mongolian register
number, Myanmar's NRC), `ids_andes_central_america` (Bolivian CI, Honduran DNI), `ids_levant_caucasus`
(Palestinian identity number, Iraqi national identification number, Armenian public services number),
`ids_africa_north_south` (Libyan and Sudanese national numbers, Eswatini's personal identification number),
`ids_caribbean_southeast_asia` (Barbadian national registration number, Brunei's identity card number), `ids_world` (a
personal number by an English name any country's has, "national ID", "personal number", in the shape of one of
these countries' numbers and passing its strong check),
`ids_south_europe` (Spanish DNI or NIE and social security number, French NIR and tax number, Italian health
card number, Portuguese NIF, citizen card and health service user number), `id_documents` (identity cards,
passports, driving licences) and `bank_numbers` (routing and account numbers, a Mexican CLABE, an Argentinian
CBU). Between a label and its value only a few words that join them may stand ("my checking account number is
...", "el número de mi pasaporte es ..."), so that "the account manager's phone is 020 7946 0958" is no
account number; a value chance rarely makes (`Family.far`) may stand anywhere further on in the label's
sentence, within `_FAR_WINDOW` characters.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

from personakit_plugin.default_plugins.secrets.bank_numbers import (
    AR_CBU,
    BANK_ACCOUNT,
    BR_BANK_ACCOUNT,
    MX_CLABE,
    NG_NUBANS,
    NO_BANK_ACCOUNT,
    ROUTING_NUMBER,
    account_valid,
    canadian_account,
    clabe_valid,
    pix_random_key,
    routing_valid,
    sort_code_and_account,
)
from personakit_plugin.default_plugins.secrets.holders import SENTENCE_END
from personakit_plugin.default_plugins.secrets.ibans import iban_anywhere, published_for_gifts
from personakit_plugin.default_plugins.secrets.id_documents import (
    DRIVING_LICENCE,
    ID_CARD,
    PASSPORT,
    id_card_valid,
    licence_valid,
    passport_valid,
)
from personakit_plugin.default_plugins.secrets.ids_africa_east_south import (
    BW_OMANG,
    ET_FAYDA,
    RW_NATIONAL_ID,
    TZ_NIN,
    UG_NIN,
    ZM_NRC,
    ZW_NATIONAL_ID,
)
from personakit_plugin.default_plugins.secrets.ids_africa_north_south import (
    LY_NATIONAL_NUMBER,
    SD_NATIONAL_NUMBER,
    SZ_PIN,
)
from personakit_plugin.default_plugins.secrets.ids_africa_north_west import BJ_NPI, DZ_NIN
from personakit_plugin.default_plugins.secrets.ids_americas import (
    AR_CUIL,
    BC_PHN,
    BR_CNH,
    BR_CNS,
    BR_CPF,
    BR_RG,
    CA_HEALTH_CARD,
    CA_SIN,
    CL_RUT,
    CO_NIT,
    CU_NI,
    JM_TRN,
    MX_NSS,
    MX_RFC,
    ON_HEALTH_CARD,
    PE_DNI,
    PE_RUC,
    QC_DRIVING_LICENCE,
    QC_HEALTH_CARD,
    US_EIN,
    US_ITIN,
    US_MEDICARE,
    US_SSN,
    UY_CI,
    cpf_valid,
    curp_anywhere,
    curp_valid,
    ein_valid,
    itin_valid,
    sin_valid,
    ssn_valid,
)
from personakit_plugin.default_plugins.secrets.ids_andes_central_america import BO_CI, HN_DNI
from personakit_plugin.default_plugins.secrets.ids_asia import (
    CN_RESIDENT_ID,
    HK_HKID,
    ID_NIK,
    JP_MY_NUMBER,
    KR_RRN,
    KZ_IIN,
    TH_NATIONAL_ID,
    TW_NATIONAL_ID,
    VN_CCCD,
)
from personakit_plugin.default_plugins.secrets.ids_asia_central_south import (
    AZ_VOEN,
    KG_PIN,
    MM_NRC,
    MN_REGISTER_NUMBER,
    UZ_PINFL,
)
from personakit_plugin.default_plugins.secrets.ids_caribbean_southeast_asia import BB_NRN, BN_IC
from personakit_plugin.default_plugins.secrets.ids_east_europe import (
    BG_EGN,
    BY_IDENTIFICATION_NUMBER,
    CZ_SK_RODNE_CISLO,
    GE_PERSONAL_NUMBER,
    GR_AFM,
    GR_AMKA,
    HR_OIB,
    HU_TAJ,
    HU_TAX_ID,
    MD_IDNP,
    PL_ID_CARD,
    PL_PESEL,
    RO_CNP,
    RU_INN,
    RU_SNILS,
    UA_RNOKPP,
    YU_JMBG,
)
from personakit_plugin.default_plugins.secrets.ids_gulf import BH_CPR, QA_QID
from personakit_plugin.default_plugins.secrets.ids_india_africa import (
    AO_MZ_IDENTITY_CARD,
    BD_NID,
    GH_CARD,
    GH_TIN,
    IN_AADHAAR,
    IN_PAN,
    IN_PMJAY,
    KE_KRA_PIN,
    LK_NIC,
    MA_CIN,
    MU_NIC,
    MY_EPF,
    MY_NRIC,
    MY_TAX_NUMBER,
    MZ_NUIT,
    NG_BVN,
    NG_NIN,
    NG_TIN,
    PH_PHILHEALTH,
    PH_SSS,
    PH_TIN,
    PK_CNIC,
    PK_NTN,
    SG_NRIC,
    SN_ECOWAS_CARD,
    TN_CIN,
    ZA_ID,
    ZA_MEDICAL_AID,
    ZA_TAX_NUMBER,
)
from personakit_plugin.default_plugins.secrets.ids_latin_america import (
    CR_CEDULA,
    CW_SEDULA,
    DO_CEDULA,
    EC_CEDULA,
    GT_DPI,
    NI_CEDULA,
    PA_CEDULA,
    PY_RUC,
    SV_DUI,
    SV_NIT,
    VE_CEDULA,
)
from personakit_plugin.default_plugins.secrets.ids_levant_caucasus import (
    AM_PUBLIC_SERVICES_NUMBER,
    IQ_NATIONAL_ID,
    PS_ID,
)
from personakit_plugin.default_plugins.secrets.ids_middle_east import (
    AE_EMIRATES_ID,
    EG_NATIONAL_ID,
    IL_TEUDAT_ZEHUT,
    IR_NATIONAL_CODE,
    JO_NATIONAL_NUMBER,
    KW_CIVIL_ID,
    SA_NATIONAL_ID,
    TR_KIMLIK,
)
from personakit_plugin.default_plugins.secrets.ids_nordic_baltic import (
    DK_CPR,
    EE_ISIKUKOOD,
    FI_HETU,
    IS_KENNITALA,
    LT_ASMENS_KODAS,
    LV_PERSONAS_KODS,
    NO_FODSELSNUMMER,
    SE_PERSONNUMMER,
)
from personakit_plugin.default_plugins.secrets.ids_north_europe import (
    AT_SOCIAL_INSURANCE,
    BE_MUTUALITY_MEMBER,
    BE_NATIONAL_NUMBER,
    CH_AHV,
    DE_HEALTH_INSURANCE,
    DE_SOCIAL_INSURANCE,
    DE_STEUER_ID,
    IE_PPS,
    LU_MATRICULE,
    NL_BSN,
    UK_NATIONAL_INSURANCE,
    UK_NHS_NUMBER,
    UK_UTR,
    ahv_anywhere,
    ahv_valid,
    at_sv_number_valid,
    be_national_number_valid,
    bsn_valid,
    nhs_valid,
    nino_valid,
    pps_valid,
    steuer_id_valid,
    sv_number_valid,
)
from personakit_plugin.default_plugins.secrets.ids_oceania import AU_MEDICARE, AU_TFN, NZ_IRD
from personakit_plugin.default_plugins.secrets.ids_south_europe import (
    AD_NRT,
    ES_DNI_NIE,
    ES_SOCIAL_SECURITY,
    FR_NIR,
    FR_TAX_NUMBER,
    IT_HEALTH_CARD,
    PT_CITIZEN_CARD,
    PT_NIF,
    PT_NISS,
    PT_SNS_USER,
    citizen_card_valid,
    codice_fiscale_anywhere,
    codice_fiscale_valid,
    dni_valid,
    fr_tax_number_valid,
    nif_pt_valid,
    nir_anywhere,
    nir_valid,
    niss_valid,
    nss_es_printed,
    nss_es_valid,
)
from personakit_plugin.default_plugins.secrets.ids_world import (
    DATED_ID_NUMBER,
    EU_EHIC,
    SOCIAL_FUND_NUMBER,
    STRONG_FAMILIES,
    WORLD_PERSONAL_NUMBER,
)
from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern
from personakit_plugin.default_plugins.secrets.number_labels import Family
from personakit_plugin.default_plugins.secrets.wallet_pins import WALLET

# The checks live with their families; they are named here too, where callers have always found them.
__all__ = [
    "account_valid",
    "ahv_valid",
    "at_sv_number_valid",
    "be_national_number_valid",
    "bsn_valid",
    "citizen_card_valid",
    "clabe_valid",
    "codice_fiscale_valid",
    "cpf_valid",
    "curp_valid",
    "dni_valid",
    "ein_valid",
    "fr_tax_number_valid",
    "id_card_valid",
    "identity_number",
    "itin_valid",
    "licence_valid",
    "nhs_valid",
    "nif_pt_valid",
    "nino_valid",
    "nir_valid",
    "niss_valid",
    "nss_es_printed",
    "nss_es_valid",
    "passport_valid",
    "pps_valid",
    "routing_valid",
    "sin_valid",
    "ssn_valid",
    "steuer_id_valid",
    "sv_number_valid",
]

# --- What may stand between a label and its number ------------------------------------------------------

# Between a label and its value: signs, and up to three words that join them ("number is", "est", "de mi ... es",
# "lautet", "n°", "n.", "hat die Nummer": a verb of having only before a number's word, "account has 250000 euros"
# being no account's number); the label's "is" perhaps elided onto it ("routing number's ..."), what it stands for
# in brackets after it ("NIN (National Identification Number) is ..."), and the bank it is at by its name
# ("checking account at Fifth Third is ...", "Konto bei der Sparkasse ist").
_JOIN = lazy_pattern(
    r"""(?:['’]s)?(?:[ ]\([^()\n]{1,40}\))?[\s:#.=°º-]*+
    (?:(?:is|was|are|ist|lautet|war|es|est|era|è|é|c['’]est|sono|number|no|nr|num|nummer|n[uú]mero
    |(?:at|with|bei|chez|presso|bij)(?:[ ](?:der|dem|the|la|le|el|de))?[ ](?-i:[A-Z])[\w&'’-]*
    (?:[ ](?-i:[A-Z])[\w&'’-]*){0,2}
    |n\.?[oº]
    |num[ée]ro|numero|n|of|de|di|del|della|da|do|du|my|mein|meine|mi|mon|ma|minha|meu|il|la|le|el|the|vom|von|der|des
    |(?:has|hat|heeft|tiene|tem|ha|a)[ ](?:(?:the|die|het|el|o|il|le)[ ])?(?:number|nummer|n[uú]mero|numero|num[ée]ro)
    |owner['’]?s?|inhabers?|titular|propriet[áa]rio|propri[ée]taire|proprietari[oa]|eigenaar|holder['’]?s?)
    [\s:#.=°º-]++){0,3}""",
    re.IGNORECASE | re.VERBOSE,
)
# Between a value given first and its label: "151-90-0769 is my SSN", "78235139H es mi DNI", "G2514-870712-03
# c'est mon permis".
_JOIN_BEFORE = lazy_pattern(
    r"""\s+(?:is|was|ist|war|es|est|c['’]est|era|è|é)\s+(?:(?:my|her|his|the|our|mein|meine|seine|ihre|mi|su|mon|ma|son|sa
    |il|la|el|le|mio|mia|suo|sua)\s+){0,2}$""",
    re.IGNORECASE | re.VERBOSE,
)
_BEFORE_WINDOW = 60
# How far on in its sentence a value may stand from its label, when its family allows it (`Family.far`).
_FAR_WINDOW = 80
# Or, whatever its shape, said back after a comma as what the label names: "Léa's SIN again, it's 046454286".
_SAID_BACK = lazy_pattern(
    r"(?<=,)[ ](?:it['’]s|it[ ]is|that['’]s|c['’]est|ce[ ]sont|es|è|é|ist|is)[ ]:?[ ]?$", re.IGNORECASE
)
# Or after what it is wanted for and a colon, as a form's line is copied, where the number passes its own check:
# "Noa's teudat zehut for the passport form: 301234563", "Mikkels CPR für die Schule: 140392-1187".
_FOR_WHAT = lazy_pattern(
    r"""[ ]+(?:for|f[üu]r|pour|para|pa['’]|per|voor)[ ][^,.;:!?\n\d]{2,40}?(?::|[ ](?:is|es|est|ist|è|é))[ ]*""",
    re.IGNORECASE | re.VERBOSE,
)
# There, a title's dot before a name ends no sentence: "DNI de la compradora (Sra. Gil) para las arras: ...".
_FAR_SENTENCE_END = lazy_pattern(
    r"""(?<!(?<![^\W_])M)(?<!(?<![^\W_])(?:Mr|Ms|Dr|Sr|Hr|Fr|Dª))(?<!(?<![^\W_])(?:Mrs|Sra|Mme|Sig|Dña|Dra))
    (?<!(?<![^\W_])(?:Srta|Mlle|Dott|Prof))\.\s|[!?;]\s|\n""",
    re.VERBOSE,
)
# What every number `filled_in_number` reads holds, cheap to look for: eight digits or more in a run.
_A_LONG_NUMBER = lazy_pattern(r"\d(?:[ ./-]?\d){7}")
# And what a value `number_named_in_the_text` reads in a quote holds: five digits at least.
_FIVE_DIGITS = lazy_pattern(r"(?:\D*\d){5}")


# In the order they are tried: the first family whose label and value a text holds names its kind.
_FAMILIES: tuple[Family, ...] = (
    US_SSN,
    US_ITIN,
    UK_NATIONAL_INSURANCE,
    UK_NHS_NUMBER,
    DE_STEUER_ID,
    ID_CARD,
    ES_DNI_NIE,
    FR_NIR,
    PASSPORT,
    DRIVING_LICENCE,
    NL_BSN,
    PT_NIF,
    PT_NISS,
    BR_CPF,
    PT_CITIZEN_CARD,
    CA_SIN,
    AR_CUIL,
    ES_SOCIAL_SECURITY,
    US_EIN,
    US_MEDICARE,
    AU_MEDICARE,
    AU_TFN,
    NZ_IRD,
    IN_AADHAAR,
    IN_PAN,
    ZA_ID,
    ZA_TAX_NUMBER,
    ZA_MEDICAL_AID,
    MX_RFC,
    MX_NSS,
    BR_CNH,
    BR_CNS,
    BR_RG,
    CL_RUT,
    CO_NIT,
    SG_NRIC,
    KE_KRA_PIN,
    MZ_NUIT,
    AO_MZ_IDENTITY_CARD,
    PH_SSS,
    PH_PHILHEALTH,
    PH_TIN,
    GH_TIN,
    GH_CARD,
    NG_NIN,
    NG_BVN,
    NG_TIN,
    SN_ECOWAS_CARD,
    PK_CNIC,
    PK_NTN,
    MY_NRIC,
    MY_TAX_NUMBER,
    MY_EPF,
    IN_PMJAY,
    PE_DNI,
    PE_RUC,
    UY_CI,
    PA_CEDULA,
    MA_CIN,
    PL_ID_CARD,
    AD_NRT,
    CU_NI,
    JM_TRN,
    ON_HEALTH_CARD,
    QC_HEALTH_CARD,
    BC_PHN,
    CA_HEALTH_CARD,
    QC_DRIVING_LICENCE,
    BE_NATIONAL_NUMBER,
    BE_MUTUALITY_MEMBER,
    FR_TAX_NUMBER,
    IT_HEALTH_CARD,
    PT_SNS_USER,
    DE_SOCIAL_INSURANCE,
    DE_HEALTH_INSURANCE,
    AT_SOCIAL_INSURANCE,
    CH_AHV,
    IE_PPS,
    UK_UTR,
    LU_MATRICULE,
    ROUTING_NUMBER,
    MX_CLABE,
    AR_CBU,
    BANK_ACCOUNT,
    NO_BANK_ACCOUNT,
    BR_BANK_ACCOUNT,
    *NG_NUBANS,
)

# The identity numbers of countries added from their published formats (`ids_nordic_baltic`, `ids_east_europe`,
# `ids_middle_east`, `ids_asia`, `ids_latin_america`, `ids_africa_east_south`, `ids_africa_north_west`, `ids_gulf`,
# `ids_asia_central_south`, `ids_andes_central_america`, `ids_levant_caucasus`, `ids_africa_north_south`,
# `ids_caribbean_southeast_asia`, `ids_world`), tried after the families above and only where
# the text holds seven digits at least, as each of their values does: a text without them costs one search, not
# a gate each.
_WORLD_FAMILIES: tuple[Family, ...] = (
    SE_PERSONNUMMER,
    NO_FODSELSNUMMER,
    DK_CPR,
    FI_HETU,
    IS_KENNITALA,
    EE_ISIKUKOOD,
    LT_ASMENS_KODAS,
    LV_PERSONAS_KODS,
    PL_PESEL,
    CZ_SK_RODNE_CISLO,
    RO_CNP,
    BG_EGN,
    HR_OIB,
    YU_JMBG,
    HU_TAJ,
    HU_TAX_ID,
    GR_AMKA,
    GR_AFM,
    TR_KIMLIK,
    IL_TEUDAT_ZEHUT,
    CN_RESIDENT_ID,
    HK_HKID,
    TW_NATIONAL_ID,
    KR_RRN,
    JP_MY_NUMBER,
    TH_NATIONAL_ID,
    ID_NIK,
    VN_CCCD,
    AE_EMIRATES_ID,
    SA_NATIONAL_ID,
    EG_NATIONAL_ID,
    EC_CEDULA,
    DO_CEDULA,
    CR_CEDULA,
    VE_CEDULA,
    GT_DPI,
    RU_INN,
    RU_SNILS,
    UA_RNOKPP,
    KZ_IIN,
    MD_IDNP,
    IR_NATIONAL_CODE,
    KW_CIVIL_ID,
    SV_DUI,
    NI_CEDULA,
    CW_SEDULA,
    LK_NIC,
    MU_NIC,
    TN_CIN,
    BD_NID,
    GE_PERSONAL_NUMBER,
    BY_IDENTIFICATION_NUMBER,
    JO_NATIONAL_NUMBER,
    TZ_NIN,
    RW_NATIONAL_ID,
    ET_FAYDA,
    BW_OMANG,
    ZW_NATIONAL_ID,
    DZ_NIN,
    BJ_NPI,
    QA_QID,
    BH_CPR,
    AZ_VOEN,
    UZ_PINFL,
    KG_PIN,
    MN_REGISTER_NUMBER,
    MM_NRC,
    BO_CI,
    HN_DNI,
    PS_ID,
    AM_PUBLIC_SERVICES_NUMBER,
    LY_NATIONAL_NUMBER,
    SZ_PIN,
    IQ_NATIONAL_ID,
    SD_NATIONAL_NUMBER,
    BB_NRN,
    BN_IC,
    PY_RUC,
    SV_NIT,
    ZM_NRC,
    UG_NIN,
    EU_EHIC,
    DATED_ID_NUMBER,
    SOCIAL_FUND_NUMBER,
    WORLD_PERSONAL_NUMBER,
)
_SEVEN_DIGITS = lazy_pattern(r"(?:\D*+\d){7}")
# And where one of their words is there at all: one pass over all their words, not a gate each.
_WORLD_WORDS = tuple(sorted({word for family in _WORLD_FAMILIES for word in family.words}))
_WORLD_CASED_WORDS = tuple(sorted({word for family in _WORLD_FAMILIES for word in family.cased_words}))


def _families_for(text: str, folded: str, digits_in: str) -> tuple[Family, ...]:
    """The families a text may name: the world's too where `digits_in` holds seven digits and the text one of
    their words."""
    if _SEVEN_DIGITS.match(digits_in) and (
        any(map(folded.__contains__, _WORLD_WORDS)) or any(map(text.__contains__, _WORLD_CASED_WORDS))
    ):
        return _FAMILIES + _WORLD_FAMILIES
    return _FAMILIES


def _far_value(family: Family, text: str, start: int) -> bool:
    """A value further on in the label's sentence that passes the family's `far` check."""
    if family.far is None:
        return False
    window = text[start : start + _FAR_WINDOW]
    end = _FAR_SENTENCE_END.search(window)
    window = window if end is None else window[: end.start()]
    return any(
        family.valid(value.group()) and (family.far(value.group()) or _SAID_BACK.search(window[: value.start()]))
        for value in family.value.finditer(window)
        if value.start() == 0 or not window[value.start() - 1].isalnum()
    )


def _labelled_numbers(family: Family, text: str) -> Iterator[re.Match[str]]:
    """Each label of `family` in `text` that has a valid value: after it, after what it is wanted for, further on
    where the family allows it, or just before it ("151-90-0769 is my SSN")."""
    for label in family.label.finditer(text):
        join = _JOIN.match(text, label.end())
        value = family.value.match(text, join.end()) if join else None
        if value is not None and family.valid(value.group()):
            yield label
            continue
        wanted = _FOR_WHAT.match(text, label.end())
        if wanted is not None:
            value = family.value.match(text, wanted.end())
            if value is not None and family.valid(value.group()):
                yield label
                continue
        if _far_value(family, text, label.end()):
            yield label
            continue
        before = text[max(0, label.start() - _BEFORE_WINDOW) : label.start()]
        joined = _JOIN_BEFORE.search(before)
        if joined is not None and any(
            candidate.end() == joined.start() and family.valid(candidate.group())
            for candidate in family.value.finditer(before[: joined.start()])
        ):
            yield label


_DIGIT_CLASS = lazy_pattern(r"\[[0-9-]+\]")


@functools.cache
def _any_digits(family: Family) -> re.Pattern[str]:
    """The family's value with every digit it asks for made any digit (`(?:0[1-9]|1[0-2])` as `(?:\\d\\d|\\d\\d)`):
    its layout, not the dates and ranges inside it, which are its check's part."""
    source = _DIGIT_CLASS.compiled.sub(r"\\d", family.value.compiled.pattern)
    out: list[str] = []
    braces = brackets = False
    for index, char in enumerate(source):
        escaped = index > 0 and source[index - 1] == "\\"
        braces = (braces or char == "{") and char != "}"
        brackets = (brackets or (char == "[" and not escaped)) and not (char == "]" and not escaped)
        out.append("\\d" if char.isdigit() and not (braces or brackets or escaped) else char)
    return re.compile("".join(out), family.value.compiled.flags)


# One or two words between a family's name and a value, whose it is or where from, and perhaps a verb: "NIF da
# Filomena é ...", as `named_numbers` reads them.
_WHOSE_BETWEEN = lazy_pattern(
    r"""[ ][^\W\d_][\w'’.-]{1,20}(?:[ ][^\W\d_][\w'’.-]{1,20})?[ ]?(?:(?:is|es|é|est|è|ist|:|=|-)[ ]?)?""",
    re.IGNORECASE | re.VERBOSE,
)


# Families whose check is a shape and no more (a passport's or a licence's letters and digits): a value they let
# go is not one whose check failed.
_SHAPE_ONLY = frozenset({"passport-number", "driving-licence-number"})


def _laid_out_as(family: Family, text: str, start: int) -> bool:
    """Whether the value at `start` is laid out as `family`'s number; for a personal number by a name any country
    has, as one of the countries' numbers it checks (`STRONG_FAMILIES`), not its any digits."""
    if family is WORLD_PERSONAL_NUMBER:
        return any(_laid_out_as(strong, text, start) for strong in STRONG_FAMILIES)
    return _any_digits(family).match(text, start) is not None


def judged_by_its_family(text: str, start: int, *, across_words: bool = False) -> bool:
    """Whether the value at `start` of `text` is laid out as a number whose family names it just before (or, with
    `across_words`, one or two words before): that family's check has judged it already (`identity_number`), and a
    number whose check fails is stored."""
    folded = text.casefold()
    for family in _families_for(text, folded, text):
        if family.kind in _SHAPE_ONLY:
            continue
        if not (any(map(folded.__contains__, family.words)) or any(map(text.__contains__, family.cased_words))):
            continue
        if not _laid_out_as(family, text, start):
            continue
        for label in family.label.compiled.finditer(text, 0, start):
            join = _JOIN.match(text, label.end())
            if join is not None and join.end() == start:
                return True
            if across_words and _WHOSE_BETWEEN.compiled.fullmatch(text, label.end(), start):
                return True
    return False


def number_named_in_the_text(text: str, quote: str) -> str | None:
    """The kind of identity or bank number that a proposal's text names and its quote gives alone ("Keeps
    the SSN handy for the form." / "512-44-7319 is the full one"): a family's label in the text, and in
    the quote a value that passes its check and that chance rarely makes (`Family.far`), or None."""
    if _FIVE_DIGITS.match(quote) is None:
        return None
    folded = text.casefold()
    for family in _families_for(text, folded, quote):
        if family.far is None:
            continue
        named = any(map(folded.__contains__, family.words)) or any(map(text.__contains__, family.cased_words))
        joined = f"{text}\n{quote}"
        if not named or family.label.search(text) is None or _anothers(family, joined, joined):
            continue
        if any(
            family.valid(value.group()) and family.far(value.group())
            for value in family.value.finditer(quote)
            if value.start() == 0 or not quote[value.start() - 1].isalnum()
        ):
            return family.kind
    return None


# A number given to be filled in on a form, with no label: a verb of filling in or putting just before it
# ("pon 48123456H en el campo", "vul maar 111222333 in", "põe 123456789 na fatura", "please enter
# 512-44-7319") or just after it ("kannst du 12 345 678 901 eintragen?"), and a value of a family whose
# check chance rarely passes. Not a phone's: no word of calling in its sentence.
_FILLED_IN_FAMILIES = (DE_STEUER_ID, ES_DNI_NIE, NL_BSN, PT_NIF, BR_CPF)
_FILL_BEFORE = lazy_pattern(
    r"""(?<![^\W_])(?:fill[ ]in|enter|type[ ]in|put|write[ ]down|pon|ponga|pone|escribe|rellena[ ]con|mets|tape|inscris
    |saisis|metti|inserisci|scrivi|p[õo]e|ponha|coloca|escreve|preenche[ ]com|vul|typ|zet|trag|gib|schreib)
    (?:[ ](?:maar|even|mal|bitte|aqui|aquí|ici|qui|here|there|in|hier|daar|the[ ]number|el[ ]n[uú]mero|o[ ]n[uú]mero))*
    [ ]:?[ ]?$""",
    re.IGNORECASE | re.VERBOSE,
)
_FILL_AFTER = lazy_pattern(
    r"""[ ](?:in(?![^\W_])|eintragen|eintippen|einsetzen|ein(?![^\W_])|invullen|intypen|en[ ]el[ ](?:campo|formulario)
    |no[ ](?:campo|formul[áa]rio)|na[ ](?:fatura|factura)|dans[ ]le[ ](?:champ|formulaire)|nel[ ](?:campo|modulo)
    |in[ ]the[ ](?:field|form|box))""",
    re.IGNORECASE | re.VERBOSE,
)
_CALLING = lazy_pattern(
    r"""(?<![^\W_])(?:phone|call|ring|mobile|cell|whatsapp|tel[ée]?fono?|telefone|telem[óo]vel|llama|llamar|ligar|liga
    |appelle|appeler|portable|chiama|chiamare|cellulare|bellen|bel|mobiel|anrufen|ruf|handy|telefon|fax)(?![^\W_])""",
    re.IGNORECASE | re.VERBOSE,
)


_MONEY_AFTER = lazy_pattern(r"[ ]?(?:€|\$|£|eur|euros?|dollars?|usd|reais|pounds?)(?![^\W_])", re.IGNORECASE)


def filled_in_number(text: str) -> str | None:
    """The kind of identity number `text` gives to be filled in, with no label, or None."""
    for family in _FILLED_IN_FAMILIES:
        for found in family.value.finditer(text):
            if not family.valid(found.group()):
                continue
            before = text[max(0, found.start() - 40) : found.start()]
            if not (_FILL_BEFORE.search(before) or _FILL_AFTER.match(text, found.end())):
                continue
            if _MONEY_AFTER.match(text, found.end()) or before.rstrip().endswith(("€", "$", "£")):
                continue
            sentence = SENTENCE_END.compiled.split(text[max(0, found.start() - 80) : found.end() + 80])
            if not any(_CALLING.search(part) for part in sentence):
                return family.kind
    return None


# A routing number said to be a bank's own, not the owner's account's: "Bank of Guam's routing number is ...",
# "bank routing # ...", or one the bank publishes ("... routing is 122105278, it's right on their site").
_A_BANKS_ROUTING = lazy_pattern(
    r"""(?<![^\W_])bank(?:['’]s)?[ ]routing|(?<![^\W_])bank[ ]of[ ][\w ]{1,30}['’]s[ ]routing
    |(?<![^\W_])(?:published|listed|posted|right)[ ]on[ ](?:their|its|the[ ]bank['’]s)[ ](?:web[ ]?)?site""",
    re.IGNORECASE | re.VERBOSE,
)


# An account with a utility, whose number every bill prints: "JPS electricity account number 1000482917", "meralco
# customer account 4102 5839 71".
# Only the utility's own word right before "account": a bank account given to pay the electricity bill is the owner's.
_A_UTILITY = lazy_pattern(
    r"""(?<![^\W_])(?:electricity|electric|power|water|gas|utility|light|lights|meralco|eskom|kplc|phcn|ikedc|ekedc
    |edf|engie|enel|endesa|iberdrola|eneco|vattenfall)(?:[ ](?:company|board))?(?:[ ]customer)?[ ]account(?![^\W_])""",
    re.IGNORECASE | re.VERBOSE,
)
_A_BANK_ACCOUNT = lazy_pattern(
    r"""(?<![^\W_])(?:bank|banking|checking|chequing|savings|current|salary|debit)[ ]account(?![^\W_])
    |(?<![^\W_])account[ ](?:at|with|in)[ ](?:the[ ]|my[ ])?bank""",
    re.IGNORECASE | re.VERBOSE,
)


def _only_utility_accounts(text: str) -> bool:
    """Whether `text` names a utility's account (`_A_UTILITY`) and no bank account beside it: "JPS electricity account
    number ...", not "electricity account ... and my bank account ...", whose bank account stays refused."""
    return _A_UTILITY.search(text) is not None and _A_BANK_ACCOUNT.search(text) is None


# A Portuguese tax number said to be a business's: "o NIF do hotel 509856179".
_A_COMPANYS_NIF = lazy_pattern(
    r"""(?<![^\W_])nif[ ]d[oa][ ](?:hotel|empresa|loja|restaurante|escola|cl[ií]nica|firma|condom[ií]nio
    |associa[cç][aã]o|f[áa]brica|oficina|caf[ée]|farm[áa]cia|supermercado)(?![^\W_])""",
    re.IGNORECASE | re.VERBOSE,
)

# Or any tax number a firm holds too, said right after a firm's word or its legal form: "client company ntn
# 4210987-3", "the supplier's TIN is ...", "the client's TIN", "Harbourline Shipping Ltd has TIN ...", "mill ka NTN
# ..." (Urdu's "of"). A person's own stays refused: "my company asked for my TIN", "my business TIN" (a sole owner's
# business is the owner's).
_FIRMS_TAX_KINDS = frozenset(
    ("pk-ntn", "ph-tin", "gh-tin", "ng-tin", "co-nit", "sv-nit", "pe-ruc", "py-ruc", "ru-inn", "mx-rfc")
)
_A_FIRMS_TAX_NUMBER = lazy_pattern(
    r"""(?<![^\W_])(?:company|corporation|firm|supplier|vendor|distributor|wholesaler|employer|mill|factory|client|customer
    |ltd\.?|llc\.?|inc\.?|corp\.?|plc)(?:['’]s)?[ ](?:(?:ka|ki|ke|has|has[ ]the)[ ])?
    (?:ntn|tin|ein|nit|ruc|inn|rfc|tax[ ](?:number|id|no\.?))(?![^\W_])""",
    re.IGNORECASE | re.VERBOSE,
)

# A business's licence, which its premises or its menu print, not a driver's: "FSSAI licence number 1362...", "trade
# licence no ..."; or a trade's, which its public register lists: "electrical worker licence EW145672".
_A_BUSINESS_LICENCE = lazy_pattern(
    r"""(?<![^\W_])(?:fssai|trade|business|liquor|food|shop|import|export|dealer|broker|electrical|electrician|plumbing
    |plumber|gas[ ]?fitting|gas[ ]?fitter|builder['’]?s|contractor['’]?s|nursing|practising|practicing)(?:[ ]worker)?
    [ ]lic(?:en[cs]e)?(?![^\W_])""",
    re.IGNORECASE | re.VERBOSE,
)
# A company apart from its owner, by its legal form: "Vander Waal Apiary LLC".
_A_COMPANY = lazy_pattern(r"(?<![^\W_])(?:llc|l\.l\.c\.?|inc\.?|ltd\.?|corp\.?|corporation)(?![^\W_])", re.IGNORECASE)
# Or a nonprofit's, which it prints for its donors: "our EIN is on every donation receipt we mail out", "Church EIN
# ...", "the charity's tax ID", "a nonprofit, EIN ...", "the library foundation (EIN ...)", "the shelter's EIN"; not
# an owner's who gives to one ("my EIN ..., I give to charity"), nor a business's an owner may run alone ("the
# daycare's EIN": a sole owner's business is the owner's).
_A_NONPROFIT = lazy_pattern(
    r"""(?<![^\W_])(?:(?:donation|donor|giving|tax)[ ]receipts?|giving[ ]statements?|501[ ]?\(c\)[ ]?\(3\)
    |(?:non-?profit|charity|church|parish|congregation|ministry|foundation|(?-i:PTA)|shelter|rescue|food[ ]bank
    |library|museum|hospice|temple|mosque|synagogue)(?:['’]s)?
    (?:[ ]\(|,?[ ](?:with[ ])?)(?:ein|tax[ ]id|federal[ ](?:tax[ ])?id))(?![^\W_])""",
    re.IGNORECASE | re.VERBOSE,
)


# What says whose a number is: the words of its label's clause before it (back to a sentence's end, a word that joins
# two clauses, or a comma before the owner's "my") and of its sentence after it. So a firm's or a utility's word said
# of another number lets the owner's own through no more: "kplc paybill 888880, my acc ...", "the supplier company
# ntn ... and my ntn ..."; a firm named before a comma of its own still is: "Vander Waal Apiary LLC, has the EIN ...",
# and so is one whose name ends in a full stop: "Buckeye Payroll Services Inc. (EIN ...)" ("Inc.", "Ltd.", "Corp.",
# "Co." and "L.L.C." end no clause).
_CLAUSE_OPENS = lazy_pattern(
    r"""(?:(?:(?<!(?<![^\W_])(?:inc|ltd|llc))(?<!(?<![^\W_])corp)(?<!(?<![^\W_])co)(?<!l\.l\.c)\.|[!?;\n])[ ]
    |(?<![^\W_])(?:and|und|et|y|e|en|aur|or|but|mais|pero|ma|aber|maar|mas|plus|while)[ ]
    |,[ ](?=(?:my|mine|our|mi|mis|mon|ma|mes|mein|meine|meu|minha|mio|mia|mijn|mera|meri|mere)(?![^\W_])))""",
    re.IGNORECASE | re.VERBOSE,
)
_SENTENCE_CLOSES = lazy_pattern(r"[.!?;](?:\s|$)|\n")
_SAID_OF_REACH = 60


def said_of(text: str, label: re.Match[str]) -> str:
    """The words said of the number at `label`: its clause before it, its sentence after it."""
    start = max(0, label.start() - _SAID_OF_REACH)
    opens = [found.end() for found in _CLAUSE_OPENS.compiled.finditer(text, start, label.start())]
    start = opens[-1] if opens else start
    closes = _SENTENCE_CLOSES.compiled.search(text, label.end(), label.end() + 2 * _SAID_OF_REACH)
    return text[start : closes.start() if closes else label.end() + 2 * _SAID_OF_REACH]


# A mobile wallet's account is its phone number, which every sender types: "clients can send advances to her JazzCash
# mobile account 0301 555 2876". Read where what is said of the account names a wallet and its number has a mobile
# number's shape (a leading 0 and ten or eleven digits, or a country's code and nine or ten); a wallet's PIN stays
# refused, and so does a bank account said beside it.
_A_WALLET = lazy_pattern(rf"(?<![^\W_]){WALLET}(?![^\W_])", re.IGNORECASE | re.VERBOSE)
_A_NUMBER_RUN = lazy_pattern(r"(?<![\w+])\+?\d[\d -]{7,16}\d(?![\w])")
_MOBILE_SHAPE = lazy_pattern(r"0\d{9,10}|\+?(?:92|254|255|256|233|234|63|57|221|225|250)\d{9,10}")


def a_wallets_phone(said: str) -> bool:
    """Whether what is said of an account (`said_of`) names a mobile wallet and gives a mobile number for it, and no
    bank beside it."""
    if _A_WALLET.search(said) is None or "bank" in said.casefold():
        return False
    first = _A_NUMBER_RUN.search(said)
    return first is not None and _MOBILE_SHAPE.fullmatch(first.group().replace(" ", "").replace("-", "")) is not None


def _anothers(family: Family, text: str, said_of: str) -> bool:
    """Whether the number of `family` that `text` gives at a label is said to be someone else's, by the words said of
    it (`said_of`): a bank's own routing number,
    which every customer of it shares; a customer's account with the electricity or water company, on every bill; a
    mobile wallet's account that is its phone number (`a_wallets_phone`); a
    hotel's or a company's tax number, printed on its invoices (`_A_COMPANYS_NIF`, `_A_FIRMS_TAX_NUMBER`); an
    employer identification number where the text names a company apart from its owner, an LLC, an Inc. or a Corp.
    (`_A_COMPANY`), which is that company's, one said to be a firm's ("the landscaping company's EIN",
    `_A_FIRMS_TAX_NUMBER`), or a nonprofit's printed for its donors (`_A_NONPROFIT`): a sole owner's
    "business EIN" stays refused; a business's licence, where
    no driver's is named (`_A_BUSINESS_LICENCE`)."""
    return (
        (family.kind == "routing-number" and _A_BANKS_ROUTING.search(said_of) is not None)
        or (family.kind == "bank-account-number" and (_only_utility_accounts(said_of) or a_wallets_phone(said_of)))
        or (family.kind == "pt-nif" and _A_COMPANYS_NIF.search(said_of) is not None)
        or (family.kind in _FIRMS_TAX_KINDS and _A_FIRMS_TAX_NUMBER.search(said_of) is not None)
        or (
            family.kind == "us-ein"
            and (_A_COMPANY.search(said_of) or _A_NONPROFIT.search(said_of) or _A_FIRMS_TAX_NUMBER.search(said_of))
            is not None
        )
        or (
            family.kind == "driving-licence-number"
            and _A_BUSINESS_LICENCE.search(said_of) is not None
            and "driv" not in text.casefold()
        )
    )


def identity_number(text: str) -> str | None:
    """The kind of identity or bank number `text` holds, or None."""
    if iban_anywhere(text):
        return "iban"
    if codice_fiscale_anywhere(text):
        return "it-codice-fiscale"
    if nir_anywhere(text):
        return "fr-nir"
    if ahv_anywhere(text):
        return "ch-ahv-number"
    if curp_anywhere(text):
        return "mx-curp"
    if "-" in text and sort_code_and_account(text) and not published_for_gifts(text):
        return "bank-account-number"
    if canadian_account(text) and not published_for_gifts(text):
        return "bank-account-number"
    if pix_random_key(text) and not published_for_gifts(text):
        return "pix-key"
    folded = text.casefold()
    for family in _families_for(text, folded, text):
        named = any(map(folded.__contains__, family.words)) or any(map(text.__contains__, family.cased_words))
        if not named or all(_anothers(family, text, said_of(text, label)) for label in _labelled_numbers(family, text)):
            continue
        if family.kind == "bank-account-number" and published_for_gifts(text):
            continue  # a charity's or a collection's account, published for all
        return family.kind
    return filled_in_number(text) if _A_LONG_NUMBER.search(text) else None
