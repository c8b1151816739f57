"""Bank numbers said with their label, their checks: ABA routing numbers, Mexican CLABEs, Argentinian CBUs,
Nigerian NUBANs after their bank's name and bank account numbers, a Canadian account by its transit, institution
and account numbers together, a Brazilian Pix key drawn at random (an IBAN, recognised anywhere, is in `ibans`).
"""

from __future__ import annotations

import re

from personakit_plugin.default_plugins.secrets.holders import SOMEONE_ELSES, sentence_around
from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern
from personakit_plugin.default_plugins.secrets.number_labels import (
    NUMBER_WORD,
    Family,
    digits_of,
    label,
    value,
    weighted_sum,
)
from personakit_plugin.default_plugins.secrets.years import DATE


def routing_valid(value: str) -> bool:
    """An ABA routing number: nine digits from a Federal Reserve range, weights 3-7-1 summing to a multiple of 10."""
    digits = digits_of(value)
    district = int(digits[:2]) if len(digits) == 9 else -1
    if not (0 <= district <= 12 or 21 <= district <= 32 or 61 <= district <= 72 or district == 80):
        return False
    return weighted_sum(digits, (3, 7, 1) * 3) % 10 == 0


def clabe_valid(value: str) -> bool:
    """A Mexican CLABE: eighteen digits, the last the check digit of the first seventeen, weights 3-7-1
    (each product modulo 10)."""
    digits = digits_of(value)
    if len(digits) != 18:
        return False
    total = sum(int(d) * w % 10 for d, w in zip(digits[:17], (3, 7, 1) * 6, strict=False))
    return (10 - total % 10) % 10 == int(digits[17])


def _account_digits(value: str, least: int, most: int) -> bool:
    """`least` to `most` digits in `value`, not one digit repeated: what an account number is made of."""
    digits = digits_of(value)
    return least <= len(digits) <= most and len(set(digits)) > 1


def account_valid(value: str) -> bool:
    """A bank account number: six to twenty digits, not one digit repeated."""
    return _account_digits(value, 6, 20)


ROUTING_NUMBER = Family(
    "routing-number",
    label(r"routing(?:[ ]transit)?(?:[ ](?:number|no\.?|\#))?|aba(?:[ ]routing)?(?:[ ](?:number|no\.?|\#))?|rtn"),
    value(r"(?<![\d-])\d{9}"),
    routing_valid,
    ("routing", "aba", "rtn"),
)


# Written whole or grouped as banks print it: bank, branch, account and check digit ("012 180 00772178350 4").
MX_CLABE = Family(
    "mx-clabe",
    label(r"clabe(?:[ ]interbancaria)?"),
    value(r"(?<![\d-])\d{3}[ ]?\d{3}[ ]?\d{11}[ ]?\d"),
    clabe_valid,
    ("clabe",),
    clabe_valid,
)


def _cbu_check(digits: str) -> int:
    """The check digit of one of a CBU's blocks: its digits weighted 3, 1, 7, 9 from the right, repeated."""
    total = sum(int(digit) * (3, 1, 7, 9)[place % 4] for place, digit in enumerate(reversed(digits)))
    return (10 - total % 10) % 10


def cbu_valid(value: str) -> bool:
    """An Argentinian CBU (Clave Bancaria Uniforme): twenty-two digits, a block of eight (bank, branch and its
    check digit) and one of fourteen (the account and its check digit)."""
    digits = digits_of(value)
    return (
        len(digits) == 22 and _cbu_check(digits[:7]) == int(digits[7]) and _cbu_check(digits[8:21]) == int(digits[21])
    )


# An Argentinian CBU after its name, in one run or in its two blocks: "transferime a mi CBU 2857454523580545521525".
AR_CBU = Family(
    "ar-cbu",
    label(r"cbu|clave[ ]bancaria[ ]uniforme"),
    value(r"(?<![\d-])\d{8}[ ]?\d{14}"),
    cbu_valid,
    ("cbu", "clave bancaria"),
    cbu_valid,
)

# The bank's initials, in capitals, may stand between an account's word and its number: "compte CBAO
# 036182000065", "caja de ahorro BROU 001234567-00002", "Konto DKB 12345678"; not an identifier's, a currency's
# or a tax's ("account ID 12345678", "compte EUR 123456").
_BANK_INITIALS = r"""(?:[ ](?!(?:ID|PIN|TAN|OTP|SMS|USD|EUR|GBP|CHF|XOF|VAT|TVA|IVA|BTW|NR|NO|QR|PDF|API
    |IT|HR|UK|US)(?![\w]))
    (?-i:[A-Z]{2,6}))?"""
BANK_ACCOUNT = Family(
    "bank-account-number",
    label(
        r"""(?:(?:(?:bank|checking|savings|current|chequing|deposit)[ ])?account(?:[ ]"""
        + NUMBER_WORD
        + r""")?
        |acct\.?(?:[ ]"""
        + NUMBER_WORD
        + r""")?|a/c|kontonummer|konto(?:-?nr\.?)?
        |n[uú]mero[ ]de[ ](?:cuenta|conta)|cuenta(?:[ ]corriente)?|num[ée]ro[ ]de[ ]compte|compte
        |numero[ ]di[ ]conto(?:[ ]corrente)?|conto(?:[ ]corrente)?|rekeningnummer|rekening|caja[ ]de[ ]ahorros?)"""
        + _BANK_INITIALS
    ),
    value(r"(?<![\d-])\d(?:[ -]?\d){5,19}"),
    account_valid,
    ("account", "acct", "a/c", "konto", "cuenta", "compte", "conto", "conta", "rekening", "caja de ahorro"),
)


# A Norwegian bank account number as banks print it, eleven digits in the bank's four, the account group's two and
# five more, joined by dots or spaces ("kontonummer DNB 1503.12.34567"), the last the mod 11 check Norway's banks
# publish, weighted 5, 4, 3, 2, 7, 6, 5, 4, 3, 2 (a remainder of 1 gives no number): a shape and a check chance
# rarely makes, so further on in its sentence too.
_NO_ACCOUNT_WEIGHTS = (5, 4, 3, 2, 7, 6, 5, 4, 3, 2)


def no_account_valid(value: str) -> bool:
    digits = digits_of(value)
    if len(digits) != 11 or len(set(digits)) == 1:
        return False
    check = -weighted_sum(digits[:10], _NO_ACCOUNT_WEIGHTS) % 11
    return check == int(digits[10])


NO_BANK_ACCOUNT = BANK_ACCOUNT._replace(
    value=value(r"(?<![\d.])\d{4}([. ])\d{2}\1\d{5}(?![\d.]\d)"), valid=no_account_valid, far=no_account_valid
)


# A Brazilian account as banks write it, its digits then a dash and its check digit ("conta 45821-3",
# "c/c 12345-X"): a bare "conta" is also a bill ("a conta deu 45,90"), so only this shape follows it.
def br_account_valid(value: str) -> bool:
    """Five to twelve digits, not one digit repeated, then a dash and a check digit or X."""
    return _account_digits(value.partition("-")[0], 5, 12)


BR_BANK_ACCOUNT = Family(
    "bank-account-number",
    label(r"conta(?:[ ](?:corrente|poupan[çc]a|banc[áa]ria|sal[áa]rio))?|c/c|poupan[çc]a"),
    value(r"(?<![\d.,/-])\d{1,12}(?:\.\d{3}){0,3}-[\dXx]"),
    br_account_valid,
    ("conta", "c/c", "poupança", "poupanca"),
)


# A British sort code and an account number side by side, as bank details are written, with no label:
# "40-12-76 / 29370337", "sort 20-00-00, 55779911". Three pairs of digits joined by dashes, then eight digits.
_SORT_CODE_AND_ACCOUNT = lazy_pattern(r"(?<![\w-])\d\d-\d\d-\d\d[ ]?[/,;|]?[ ]?(?P<account>\d{8})(?![\w-]|[.,]\d)")


def sort_code_and_account(text: str) -> bool:
    """Whether `text` holds a sort code and an account number side by side (`account_valid`), the account
    no date written as eight digits ("12-03-24 20240312")."""
    return any(
        account_valid(match["account"]) and not DATE.fullmatch(match["account"])
        for match in _SORT_CODE_AND_ACCOUNT.finditer(text)
    )


# A Brazilian Pix key drawn at random, a UUID, after its name: "chave pix aleatória 3f9a2b71-84cd-4e0f-9b12-
# 6a7c5d8e4f20", "my pix key is ...". It names the account a payment goes into, as an IBAN does. A Pix key that is
# a CPF, a telephone number or an e-mail address is read as that.
_PIX_RANDOM_KEY = lazy_pattern(
    r"""(?<![^\W_])(?:pix[ ]key|chave[ ](?:pix|aleat[óo]ria))(?![^\W_])[^\n]{0,30}?
    (?<![\w-])[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![\w-])""",
    re.IGNORECASE | re.VERBOSE,
)


def pix_random_key(text: str) -> bool:
    """Whether `text` gives a Pix key drawn at random after its name (`_PIX_RANDOM_KEY`), in a sentence that names
    no other holder of it (a shop's key, given to every customer: `holders.SOMEONE_ELSES`)."""
    folded = text.casefold()
    return ("pix" in folded or "aleat" in folded) and any(
        SOMEONE_ELSES.search(sentence_around(text, said.start(), said.end())) is None
        for said in _PIX_RANDOM_KEY.finditer(text)
    )


# A Canadian account as a direct deposit form asks for it, the three labels together: the branch's transit
# number (five digits), the bank's institution number (three) and the account's (seven to twelve), in that
# order, each after its label ("transit 10482, institution 003, account 5093318"; "folio" or "compte" in
# Quebec). One label alone is no account: "transit 10482" is a bus route as often.
_CA_ACCOUNT = lazy_pattern(
    r"""(?<![^\W_])transit[ ]*(?:no\.?|number|\#|num[ée]ro)?[ ]*:?[ ]*\d{5}(?!\d)[ ]*[,;/]?[ ]*(?:and[ ]|et[ ])?
    institution[ ]*(?:no\.?|number|\#|num[ée]ro)?[ ]*:?[ ]*\d{3}(?!\d)[ ]*[,;/]?[ ]*(?:and[ ]|et[ ])?
    (?:folio|compte|account|acct)[ ]*(?:no\.?|number|\#|num[ée]ro)?[ ]*:?[ ]*\d{7,12}(?![\d.,]\d)""",
    re.IGNORECASE | re.VERBOSE,
)


def canadian_account(text: str) -> bool:
    """Whether `text` gives a Canadian account by its transit, institution and account numbers (`_CA_ACCOUNT`)."""
    return "institution" in text.casefold() and _CA_ACCOUNT.search(text) is not None


# A Nigerian bank account number (NUBAN), ten digits, the last a check of the bank's three-digit code and the
# nine before, weighted 3, 7, 3 in turn (10 less the sum's last digit, 10 giving 0), right after the bank's
# name, which the check needs ("my GTB, 0123456789", "Zenith account 1012345678"). Each bank: its name, its
# code, the words its name holds.
_NG_BANKS = (
    (r"access[ ]bank", "044", ("access bank",)),
    (r"eco[ ]?bank", "050", ("ecobank", "eco bank")),
    (r"fidelity[ ]bank", "070", ("fidelity bank",)),
    (r"first[ ]bank|firstbank", "011", ("first bank", "firstbank")),
    (r"(?-i:FCMB)", "214", ("fcmb",)),
    (r"gt[ ]?bank|(?-i:GTB|GTCO)|guaranty[ ]trust(?:[ ]bank)?", "058", ("gtb", "gt bank", "gtco", "guaranty trust")),
    (r"polaris[ ]bank", "076", ("polaris bank",)),
    (r"stanbic(?:[ ]ibtc)?", "221", ("stanbic",)),
    (r"sterling[ ]bank", "232", ("sterling bank",)),
    (r"union[ ]bank(?:[ ]of[ ]nigeria)?", "032", ("union bank",)),
    (r"(?-i:UBA)|united[ ]bank[ ]for[ ]africa", "033", ("uba", "united bank for africa")),
    (r"wema(?:[ ]bank)?", "035", ("wema",)),
    (r"zenith(?:[ ]bank)?", "057", ("zenith",)),
)


def nuban_valid(bank_code: str, value: str) -> bool:
    """A NUBAN of the bank whose code is `bank_code`: ten digits, not one repeated, the last its check."""
    digits = digits_of(value)
    if len(digits) != 10 or len(set(digits)) == 1:
        return False
    return str(-weighted_sum(bank_code + digits[:9], (3, 7, 3) * 4) % 10) == digits[9]


def _nuban(name: str, bank_code: str, words: tuple[str, ...]) -> Family:
    return Family(
        "bank-account-number",
        label(rf"(?:{name})(?:[ ](?:account|acct|a/c|savings|current))?(?:[ ](?:number|no\.?|\#))?,?"),
        value(r"(?<![\d-])\d{10}"),
        lambda candidate: nuban_valid(bank_code, candidate),
        words,
    )


NG_NUBANS = tuple(_nuban(name, bank_code, words) for name, bank_code, words in _NG_BANKS)
