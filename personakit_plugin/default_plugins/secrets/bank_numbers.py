"""Bank numbers said with their label, their checks: ABA routing numbers and bank account numbers (an
IBAN, recognised anywhere, is in `ibans`).
"""

from __future__ import annotations

from personakit_plugin.default_plugins.secrets.number_labels import NUMBER_WORD, Family, digits_of, label, value


def routing_valid(value: str) -> bool:
    """An ABA routing number: nine digits from a Federal Reserve range, weights 3-7-1 summing to a multiple of 10."""
    digits = digits_of(value)
    district = int(digits[:2]) if len(digits) == 9 else -1
    if not (0 <= district <= 12 or 21 <= district <= 32 or 61 <= district <= 72 or district == 80):
        return False
    return sum(int(d) * w for d, w in zip(digits, (3, 7, 1) * 3, strict=True)) % 10 == 0


def account_valid(value: str) -> bool:
    """A bank account number: six to twenty digits, not one digit repeated."""
    digits = digits_of(value)
    return 6 <= len(digits) <= 20 and len(set(digits)) > 1


ROUTING_NUMBER = Family(
    "routing-number",
    label(r"routing(?:[ ]transit)?(?:[ ](?:number|no\.?|\#))?|aba(?:[ ]routing)?(?:[ ](?:number|no\.?|\#))?|rtn"),
    value(r"(?<![\d-])\d{9}"),
    routing_valid,
    ("routing", "aba", "rtn"),
)


BANK_ACCOUNT = Family(
    "bank-account-number",
    label(
        r"""(?:(?:bank|checking|savings|current|chequing|deposit)[ ])?account(?:[ ]"""
        + NUMBER_WORD
        + r""")?
        |acct\.?(?:[ ]"""
        + NUMBER_WORD
        + r""")?|a/c|kontonummer|konto(?:-?nr\.?)?
        |n[uú]mero[ ]de[ ](?:cuenta|conta)|cuenta(?:[ ]corriente)?|num[ée]ro[ ]de[ ]compte|compte
        |numero[ ]di[ ]conto(?:[ ]corrente)?|conto(?:[ ]corrente)?|rekeningnummer|rekening"""
    ),
    value(r"(?<![\d-])\d(?:[ -]?\d){5,19}"),
    account_valid,
    ("account", "acct", "a/c", "konto", "cuenta", "compte", "conto", "conta", "rekening"),
)
