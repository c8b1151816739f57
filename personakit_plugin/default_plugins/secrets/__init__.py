"""Recognise a secret in a proposal, so that it is refused, not stored.

`proposal_secret_kind(text, quote)` is what the refusal hook asks: it checks the text, the quote,
and the two together (text, a line break, quote), so that a secret split between them ("Knows the
owner's e-mail password" / "it's Hunter22!") is caught. `secret_kind(text)` checks one text.

Two families of detectors, both on the text as `normalise` reads it:

* `shapes`: what a secret's shape gives away wherever it stands: the keys and tokens of the
  common providers, PEM blocks, JWTs, connection strings, authorization headers, command lines,
  seed phrases, long random strings, and values after their labels (`password: ...`, "my PIN is
  4821"). Each names the kind it found.
* the everyday detectors, on what makes something a secret as people say it: a word that names a
  secret (`vocabulary`, seven languages), anywhere in the sentence, near a token that is not an
  ordinary word (`tokens`, `nearby`); an assignment to a name that says password, pass, pwd,
  secret, key or token (`assignments`); a user name and a password side by side (`pairs`); a
  Luhn-valid card number (`cards`); an identity or bank number by its label, structure and checksum
  (`numbers`), or by its name alone, in any country (`named_numbers`); a lock's code on its line or
  the number a lock is set to (`lock_codes`), codes listed by
what they open ("alarm 6140, back gate 2287", `code_lists`) or as a change from an old value to a new
one ("Torcode von 5521 auf 8830", `code_changes`); a duress code (`duress`); a phone's, a card terminal's
or telephone banking's code after what it works ("desbloqueo del móvil 481920", `device_codes`); a code told
with the key that sends it ("the lobby code is 3856 then star", `keypad_codes`); the code
that collects a parcel or a prescription (`pickup_codes`); a one-time code
  and how it came (`pins`); the answer to a security question, named as one or for a bank (`security_answers`);
  a password or PIN spelled out after its name, character by character, or dictated with a sign said
  by its name (`spelled`); part of a seed phrase after a label that names the part (`seed_phrase`); a
  secret told in pieces, in a chat or in a list, or as what one types on a device (`told`); and a token no
  word, name or number looks like, eight characters or more with both cases, a digit and a symbol
  inside ("Tr0ub4dor&3"). A number dictated digit by digit in words ("four zero six nine ...") is read
  again as its digits (`dictated`), and a word that names a secret typed with a slip as it was meant
  (`typos`).

Two secrets are put together across the join of text and quote when the joined reading cannot see
them: a seed phrase whose halves are runs of their own (`seed_phrase.split_seed_phrase`), an IBAN whose
start and rest are apart (`ibans.split_iban`), a card number whose digits are split
(`cards.split_card_number`), and any secret whose start the text names and whose rest the quote gives
(`halves.split_in_halves`); and an identity number, a PIN or a lock's code the text names and the quote
gives alone (`numbers.number_named_in_the_text`, `halves.code_named_in_the_text`).

They are measured on corpora in the tests, one of them a held-out part written from how people
talk and never tuned on; the figures print on every test run.
"""

from __future__ import annotations

from personakit_plugin.default_plugins.secrets.assignments import assigned_secret
from personakit_plugin.default_plugins.secrets.card_backs import card_back_code
from personakit_plugin.default_plugins.secrets.cards import card_in_two_parts, card_number, split_card_number
from personakit_plugin.default_plugins.secrets.code_changes import code_changed
from personakit_plugin.default_plugins.secrets.code_lists import codes_listed
from personakit_plugin.default_plugins.secrets.coordinate_cards import coordinate_card
from personakit_plugin.default_plugins.secrets.device_codes import device_code
from personakit_plugin.default_plugins.secrets.dictated import as_digits
from personakit_plugin.default_plugins.secrets.duress import duress_code
from personakit_plugin.default_plugins.secrets.fiction import FICTION_KINDS, in_fiction
from personakit_plugin.default_plugins.secrets.halves import code_named_in_the_text, split_in_halves
from personakit_plugin.default_plugins.secrets.ibans import split_iban
from personakit_plugin.default_plugins.secrets.keypad_codes import keypad_code
from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern
from personakit_plugin.default_plugins.secrets.lock_codes import lock_code
from personakit_plugin.default_plugins.secrets.named_numbers import account_number_said, personal_number_said
from personakit_plugin.default_plugins.secrets.nearby import secret_nearby
from personakit_plugin.default_plugins.secrets.normalise import normalise
from personakit_plugin.default_plugins.secrets.numbers import identity_number, number_named_in_the_text
from personakit_plugin.default_plugins.secrets.pairs import email_and_password, user_and_password
from personakit_plugin.default_plugins.secrets.password_recipes import password_by_recipe
from personakit_plugin.default_plugins.secrets.pickup_codes import pickup_code
from personakit_plugin.default_plugins.secrets.pins import one_time_code, pin_told_as_a_year
from personakit_plugin.default_plugins.secrets.posted import (
    makers_logins_blanked,
    on_a_public_register,
    posted_for_all,
    said_for_all,
)
from personakit_plugin.default_plugins.secrets.security_answers import security_answer
from personakit_plugin.default_plugins.secrets.seed_phrase import partial_seed_phrase, split_seed_phrase
from personakit_plugin.default_plugins.secrets.shapes import secret_kind as shape_kind
from personakit_plugin.default_plugins.secrets.spelled import spelled_out
from personakit_plugin.default_plugins.secrets.tokens import Token, looks_strongly_typed, tokens
from personakit_plugin.default_plugins.secrets.told import passphrase_told, told_in_pieces, typed_on_a_device
from personakit_plugin.default_plugins.secrets.typos import corrected
from personakit_plugin.default_plugins.secrets.unlock_patterns import unlock_pattern
from personakit_plugin.default_plugins.secrets.wallet_pins import wallet_pin

# What a pair and a strongly typed token hold, cheap to look for: most texts have neither.
_A_PAIR_SEPARATOR = lazy_pattern(r"[/:|]")
_A_DIGIT = lazy_pattern(r"\d")
_THREE_DIGITS = lazy_pattern(r"\d{3}")
_A_SYMBOL = lazy_pattern(r"[!#$%&*=?^~|\\;<>()\[\]{}§°€£¥]")

__all__ = ["everyday_kind", "holds_secret", "normalise", "proposal_secret_kind", "secret_kind", "shape_kind"]


def everyday_kind(text: str, joint: int | None = None) -> str | None:
    """The kind of secret the everyday detectors find in `text` (already normalised), or None; `joint`
    is the line break that joins a proposal's text and quote, which a secret may straddle. A number
    dictated in words is read again as its digits (`dictated`)."""
    if kind := _everyday_kind(text, joint):
        return kind
    read = _reread(text)
    if read is None:
        return None
    if joint is not None:  # a run or a word ends at a line break: the text before the joint is read on its own
        joint = len(_reread(text[:joint]) or text[:joint])
    return _everyday_kind(read, joint)


def _reread(text: str) -> str | None:
    """`text` read again, its numbers dictated in words as digits and its secrets' names as they were
    meant ("pincde"), or None if that changes nothing."""
    read = as_digits(text) or text
    read = corrected(read) or read
    return read if read != text else None


def _everyday_kind(text: str, joint: int | None) -> str | None:
    kind = _first_kind(text, joint)
    return None if kind is not None and _let_through(kind, text) else kind


def _let_through(kind: str, text: str) -> bool:
    """Whether a secret of `kind` found in `text` (normalised) opens nothing of the owner's: a password in
    the owner's fiction or posted for all, a public place's network and its password read as a pair, or
    a device's login as its maker sets it on every unit, with nothing else secret beside it, or a PIN that is a
    registration on a public register."""
    blanked = makers_logins_blanked(text) if kind in FICTION_KINDS or kind == "credential-pair" else None
    if blanked is not None and _first_kind(blanked, None) is None:
        return True
    if kind in {"pin-code", "code-nearby"} and on_a_public_register(text):
        return True
    if kind in FICTION_KINDS:
        return _nobodys(text)
    return kind == "credential-pair" and posted_for_all(text)


def _nobodys(text: str) -> bool:
    """Whether `text` (normalised) gives a password that opens nothing of the owner's: a character's in
    the owner's novel, a café's Wi-Fi posted for every guest, a party game's watchword."""
    return in_fiction(text) or said_for_all(text)


def _first_kind(text: str, joint: int | None) -> str | None:
    if assigned_secret(text):
        return "credential-assignment"
    if card_number(text) or (_A_DIGIT.search(text) and card_in_two_parts(text)):
        return "card-number"
    if kind := identity_number(text):
        return kind
    if _A_DIGIT.search(text):
        if personal_number_said(text):
            return "personal-number"
        if account_number_said(text):
            return "bank-account-number"
    if security_answer(text):
        return "security-answer"
    if _A_DIGIT.search(text) and (
        lock_code(text)
        or one_time_code(text)
        or device_code(text)
        or keypad_code(text)
        or wallet_pin(text)
        or card_back_code(text)
        or pin_told_as_a_year(text)
        or (_THREE_DIGITS.search(text) and (codes_listed(text) or code_changed(text) or duress_code(text)))
    ):
        return "pin-code"
    if _A_DIGIT.search(text) and pickup_code(text):
        return "pickup-code"
    if _A_DIGIT.search(text) and coordinate_card(text):
        return "coordinate-card"
    found = _Tokens(text)
    kind = secret_nearby(text, found, joint)
    if kind is not None:
        return kind
    if spelled_out(text, joint):
        return "spelled-out"
    if partial_seed_phrase(text):
        return "seed-phrase"
    if unlock_pattern(text):
        return "unlock-pattern"
    if _A_DIGIT.search(text) and password_by_recipe(text):
        return "password-recipe"
    if ((_A_DIGIT.search(text) or _A_SYMBOL.search(text)) and told_in_pieces(text)) or typed_on_a_device(text):
        return "told-in-pieces"
    if (_A_DIGIT.search(text) or "-" in text or "_" in text) and passphrase_told(text):
        return "told-in-pieces"
    if _A_PAIR_SEPARATOR.search(text) and user_and_password(found()):
        return "credential-pair"
    if "@" in text and _A_DIGIT.search(text) and email_and_password(text):
        return "credential-pair"
    if _A_SYMBOL.search(text) and any(looks_strongly_typed(token) for token in found() if _A_DIGIT.search(token.core)):
        return "typed-password"
    return None


class _Tokens:
    """The tokens of a text, cut the first time a detector asks for them: most texts need none."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.found: list[Token] | None = None

    def __call__(self) -> list[Token]:
        if self.found is None:
            self.found = tokens(self.text)
        return self.found


def secret_kind(text: str) -> str | None:
    """The kind of the first secret found in `text`, or None."""
    kind = shape_kind(text)
    if kind is not None and not _let_through(kind, normalise(text)):
        return kind
    return everyday_kind(normalise(text))


def proposal_secret_kind(text: str, quote: str) -> str | None:
    """The kind of the first secret found in a proposal's text, its quote, or the two together."""
    kind = shape_kind(text) or shape_kind(quote)
    if kind is not None and not _let_through(kind, normalise(f"{text}\n{quote}")):
        return kind
    text, quote = normalise(text), normalise(quote)
    if kind := everyday_kind(f"{text}\n{quote}", joint=len(text)):
        return kind
    if split_seed_phrase(text, quote):
        return "seed-phrase"
    if split_iban(text, quote):
        return "iban"
    if split_in_halves(text, quote):
        return "told-in-pieces"
    if kind := _named_in_the_text(text, quote):
        return kind
    return "card-number" if split_card_number(text, quote) else None


def _named_in_the_text(text: str, quote: str) -> str | None:
    """A number or a code the text names and the quote gives, its digits perhaps said in words ("Carmen
    dictated the alarm's code" / "alarm eight two five six six")."""
    for said in (quote, as_digits(quote)):
        if said is None:
            continue
        if kind := number_named_in_the_text(text, said):
            return kind
        if code_named_in_the_text(text, said):
            return "pin-code"
    return None


def holds_secret(text: str, quote: str) -> bool:
    """Whether a proposal holds a secret, in its text, its quote, or split between the two."""
    return proposal_secret_kind(text, quote) is not None
