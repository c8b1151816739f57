"""The shapes of secrets: detectors that recognise a credential by its form, wherever it stands.

`secret_kind` is called on the text (up to 4,000 characters) and the quote (up to 2,000) of every
proposal and names the detector that fired, for tests and diagnostics; the package's everyday
detectors (`nearby`, `assignments`, `pairs`, `cards`) then read the two together. All work on the
text anywhere inside a longer sentence, and use only the standard library. A detector skips a text
that holds none of the words all its matches hold (`_Detector.words`).

The text is normalised first, so that a secret cannot be slipped past the detectors in disguise:
invisible characters are dropped (zero-width spaces and joiners U+200B..U+200D, the word joiner
U+2060, U+FEFF, the soft hyphen, bidirectional marks), then Unicode NFKC folds fullwidth letters
and digits, ligatures and the like to their plain forms, and a word written partly in Cyrillic or
Greek look-alikes of Latin letters ("pаssword" with a Cyrillic "а") is read in Latin letters.

Detected (the detector's name, as `secret_kind` returns it, in brackets):

* keys and tokens whose shape is fixed by their issuer: AWS access key ids and secret keys
  (aws-access-key, aws-secret-key), Google API keys and OAuth tokens (google-api-key,
  google-oauth-token), GitHub, GitLab and Slack tokens (github-token, gitlab-token, slack-token),
  Slack and Discord webhook URLs (slack-webhook, discord-webhook), Discord and Telegram bot tokens
  (discord-bot-token, telegram-bot-token), Stripe, OpenAI and Anthropic keys (stripe-key,
  openai-key, anthropic-key), Hugging Face, npm and PyPI tokens (huggingface-token, npm-token,
  pypi-token), Twilio, SendGrid and Mailgun keys (twilio-key, sendgrid-key, mailgun-key),
  DigitalOcean and Shopify tokens (digitalocean-token, shopify-token) and Azure storage account
  keys (azure-storage-key);
* PEM private key blocks, RSA, EC, DSA, OPENSSH, ENCRYPTED, PGP and plain (private-key); the BEGIN
  line alone is enough, since a quote may well be cut before the key material. Any white space
  between its words, any case and a damaged run of dashes still count: `----begin rsa  private
  key---` or, with no dashes at all, a BEGIN line followed by key material on the next line;
* JSON Web Tokens (jwt);
* URLs with a password in them: `postgres://user:pass@host`, any `scheme://user:password@host`
  (connection-string);
* a `.pgpass` line, `host:port:database:user:password`, alone on its line, whose last field is a
  credential or words joined by dashes (pgpass-line, `pasted`);
* HTTP `Authorization` headers and `Bearer` credentials (authorization-header), and `Basic`
  credentials, recognised by decoding to `user:password` (basic-auth);
* TOTP seeds: `otpauth://` URIs with a `secret=`, and base32 keys, grouped or not, after "TOTP",
  "2FA secret", "authenticator key", "setup key" and the like (totp-secret);
* two-factor backup and recovery codes after "backup codes", "recovery codes", "scratch codes" and
  their German, French, Spanish, Italian, Portuguese and Dutch names: the first code must hold at
  least six letters and digits, two of them digits; or two codes or more of one shape, listed, perhaps
  after an aside and its colon or joined by "and", each with a digit or a group no word is
  (recovery-codes);
* passwords on command lines: `mysql -pS3cret!` and `-p'...'`, `sshpass -p ...`, `curl -u user:pass`,
  `docker login -p ...`, `smbclient -U user%pass`, `--password=...` and `--password ...`
  (command-line-password). There the value only has to be typed, not random: `-proot` and
  `curl -u admin:admin` are refused, variables such as `$MYSQL_PWD` are not;
* a credential-named key with a value: `password=`, `passwd:`, `pwd =`, `pass:`, `psk=`, `creds=`,
  `"api_key": "..."`, `DB_PASSWORD: ...`, `token = ...`, `Passwort:`, `mdp:`, `senha=`, and statements
  such as "my wifi password is sunshine42", "the password for guests: ...", "mein Passwort ist
  Sonne2024!", "mon mot de passe est chat-noir-42", "la contraseña del wifi es ...", "la password è
  ...", "a senha é ...", "het wachtwoord is ...", "the WLAN-Schlüssel: ...", "network key - ..."
  (credential-assignment), when the value looks like a credential rather than prose
  (`is_credential_value`). Key and value may be joined by `:`, `=`, `->`, `=>`, `→`, a dash set off by
  spaces, an en or em dash, a verb ("is", "'s", "was", "ist", "lautet", "est", "es", "è", "é" ...), or
  a line break alone, and then the value must be alone on its line ("password\\nhunter2x"). The
  value may also come first: "I use Tr0ub4dor&3 as my password", "Sonne2024! ist mein Passwort";
* a user name and a password given together: "credentials: bob / hunter2x", "login: jane:Pa55-word",
  "user jane, password hunter2x", "SSID BiscuitNet password sunshine42" (credential-pair);
* PINs and the codes of doors, gates, alarms, safes, lockers and padlocks, card security codes and
  lock combinations: "my PIN is 4821", "the door code is 1234#", "safe combination 12-34-56", "the
  code for the front door: 1234", "I changed my PIN to 4821", "the padlock on the shed is 4-7-2",
  "4821 is my PIN", "meine Geheimzahl ist 4821", "le digicode est 4821", "o código do portão é 1234"
  (pin-code): three to twelve digits, perhaps grouped by spaces or dashes, perhaps with `#` or `*`,
  after a connecting word or sign, or right after a label that can only mean a code ("alarm code
  9021", "PIN 4821"). A bare "code" counts only when the words after it name what it opens ("the
  code to the safe"). This is new: PINs used to be deliberately let through, since four digits read
  like any other number; they are refused now, but only next to a label that says what they are,
  and not when the label speaks of the codes people pick in general ("the most common PIN is 1234",
  `labels.said_in_general`);
* seed phrases: twelve or more words of one BIP-39 list (English, Spanish, French, Italian or
  Portuguese) after "seed phrase", "recovery
  phrase", "mnemonic", "24 words", the words of a wallet ("palabras del monedero", "phrase de
  récup") and the like, commas, numbering, capitals and up to four stray words in twelve (misspelt, or
  from a wallet's own list) allowed; and without any label, a run of twelve to twenty-four BIP-39
  words written alike (all
  lower case, Capitalised or UPPER CASE, the same separator between every two: spaces, numbering,
  commas, slashes, quotes), nearly all different and not sorted, that passes the phrase's checksum
  as every wallet's phrase does (seed-phrase);
* two-factor backup codes without a label: four or more codes of one shape in a row, dashed groups
  of letters and digits or two groups of four digits (backup-codes); a recovery code in groups right
  after its label, with only a space between ("recovery code 8F3K-2M9P-4X7Q-1Z8W") (recovery-codes);
* the password of a Wi-Fi QR string, `WIFI:T:WPA;S:HomeNet;P:sunflower42;;` (wifi-qr-password), and
  `age` secret keys, `AGE-SECRET-KEY-1` and 58 bech32 characters (age-secret-key);
* BitLocker recovery keys, wherever they stand: eight groups of six digits joined by hyphens, a shape
  nothing else is written in (bitlocker-recovery-key);
* long random-looking strings of base64 or hex characters (high-entropy, `is_high_entropy`).

Deliberately not detected, because ordinary sentences look the same:

* a value that is a plain word or a phrase: "password: use the manager", "secret: patience",
  "token = the unit the model reads", "mein Passwort ist zu kurz". The price is that
  "password: letmein" and passphrases of several words pass; a credential needs a digit or a symbol
  besides letters, or six digits or more. The everyday detectors refuse a plain word joined as a
  program joins it (`password=letmein`) and words run together after a password's name. Sizes and
  algorithm names are not credentials either: "the encryption key is 256-bit", "my key is ed25519",
  "AES-256".
* a user name and password given without any label ("bob / hunter2x"; after a device's default
  account, "(admin / sunflower42)", the everyday detectors refuse it), and a password that is a
  plain word even with a label ("login: admin / admin"), as above.
* PINs and codes written in words ("my PIN is four eight two one"), a bare "code" whose object is
  not named ("the code is 4821": a promo code, an error code, a booking code), and codes that are
  not secrets: post and zip codes, area and country codes, sort codes, error, exit and status codes,
  friend codes and booking references. A sentence about a PIN without one passes: "I always forget
  my PIN", "the PIN has 4 digits", "the door code changes monthly". A number followed by a unit
  ("the PIN is 6 digits", "100%") is not a PIN, nor is a year after a clause ("my PIN in 2019") or a
  number after the verb ("I pin 100 photos"). A PIN is refused even when it is a factory default
  such as 0000: the detector cannot tell.
* one-time codes sent by text message or shown by an authenticator ("the 2FA code is 482913"):
  they expire within minutes.
* lists of words that are not seed phrases: fewer than twelve, words outside the list, the same few
  words repeated, or, without a label, words written in more than one way, in alphabetical order, or
  whose checksum fails, as fifteen lists of twelve ordinary list words in sixteen do ("my keywords:
  travel food coffee city beach sunset ...").
* a value that follows its label across a line break and shares its line with more words: in
  "change the wifi password\\nQ3-report due Friday" the second line is something else.
* placeholders: `<your password>`, `[REDACTED]`, `{password}`, `${DB_PASSWORD}`, `$TOKEN`,
  `%API_KEY%`, masks such as `***`, `xxxx`, `...`, names such as `your_password`, `YOUR_API_KEY` or
  `PASSWORD`, and `changeme`, the conventional "replace me" value. They hold no secret. A
  lower-case word such as `pass` or `password` inside a connection URL or after `curl -u user:` is
  still refused: that form is unambiguous and the word may well be the real, weak, password. Only a
  template file of settings (`.env.example`, `config.sample.yml`) holding `user:password` in its URL,
  the user and the password named by what they are, is a stand-in.
* references to where a secret lives or how it is read: `settings.DB_PASSWORD`,
  `os.environ["TOKEN"]`, `input("Password: ")`, file paths, and command lines that will ask for
  the password (`mysql -u root -p`, `pg_dump --password`).
* hex digests and ids in context. A 32-, 40- or 64-digit hex string shortly after a word such as
  "commit", "sha", "hash", "checksum", "digest", "tagged", "release", "trace id" or what a change did
  ("broke in", "introduced in", "landed in", "fixed in", "patched in") (and no word such as
  "key" or "token") is an MD5/SHA-1/SHA-256 digest, a full git SHA or a trace id, and passes. Without
  such a word a long hex string is refused, because many real keys are exactly that (GitHub's old OAuth tokens,
  Twilio auth tokens, DigitalOcean, Datadog ...). Short git hashes, 7 to 12 digits, are far below
  the length considered.
* UUIDs, OpenSSH public keys, URLs without credentials (their path and query are not scanned for
  random strings), e-mail addresses, paths, versions, dates, phone numbers, hashtags, code
  identifiers and long English compounds; blockchain addresses, which are public (`0x` and forty
  hex digits, `bc1...`, and a base58 one after "address", "wallet", "Adresse" ...), and a
  transaction hash after "tx" or "transaction".

What is checked here is one text at a time: a secret split between a proposal's text and its quote
("my PIN is" / "4821") is put back together by the everyday detectors, which read the two joined,
and a seed phrase or a card number split in two is joined by `seed_phrase.split_seed_phrase` and
`cards.split_card_number`. Identity and bank numbers are the business of `numbers`.
Several of the forms left out above are refused there now: a PIN after "passcode" or "the code for
my Kindle", a passphrase of hyphenated words after its name, `DB_PASS=letmein`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NamedTuple

from personakit_plugin.default_plugins.secrets.key_ids import is_key_id
from personakit_plugin.default_plugins.secrets.labels import (
    CLAUSE,
    CONNECTOR_OR_CHANGE,
    CONNECTOR_OR_COLON,
    QUOTED_OR_WORD,
    VALUE,
    VALUE_FIRST_JOIN,
    fills_its_line,
    labelled,
    said_in_general,
    word_before,
)
from personakit_plugin.default_plugins.secrets.lazy import LazyPattern, lazy_pattern
from personakit_plugin.default_plugins.secrets.lock_codes import KEYPAD, keypad_is_real
from personakit_plugin.default_plugins.secrets.normalise import normalise
from personakit_plugin.default_plugins.secrets.pasted import PGPASS, PGPASS_NEEDS, pgpass_password_is_real
from personakit_plugin.default_plugins.secrets.pins import PIN, PIN_FIRST, pin_is_real
from personakit_plugin.default_plugins.secrets.seed_phrase import (
    SEED_GAP,
    SEED_LABEL,
    SEED_LABEL_AFTER,
    SEED_LABEL_AFTER_WORDS,
    SEED_RUN,
    bare_seed_phrase,
    labelled_seed_phrase,
    seed_phrase_before,
)
from personakit_plugin.default_plugins.secrets.values import (
    PASSWORD_MANAGER,
    PLACEHOLDER,
    is_basic_credential,
    is_credential_value,
    is_high_entropy,
    is_mixed,
    is_typed_value,
    is_wordlike,
    not_a_documented_example,
    unquote,
)
from personakit_plugin.default_plugins.secrets.vocabulary import PASSWORD_WORDS
from personakit_plugin.default_plugins.secrets.years import YEAR

# --- TOTP seeds and backup codes ----------------------------------------------------------------

_TOTP_LABEL = r"""\b(?:(?:totp|hotp|otp|2fa|mfa|two[- ]factor|2-factor|authenticator|authy)
    (?:[ _-]?(?:app|auth|authentication))?
    (?:[ _-]?(?:secret|seed|key|setup[ _-]key))?|setup[ _-]key|secret[ _-]key|(?:2fa|totp)-?(?:geheimnis|schlüssel)
    |cl[ée]\s+(?:totp|2fa|secr[èe]te))"""
_BASE32_VALUE = r"""(?P<base32>[A-Z2-7]{4}(?:[ -]?[A-Z2-7]{4}){3,}(?:[ -]?[A-Z2-7]{1,3})?=*)(?![A-Za-z0-9])"""

_TOTP = r"otpauth://[ht]otp/\S*?[?&]secret=(?P<uri>[A-Z2-7]{16,})|" + labelled(_TOTP_LABEL, _BASE32_VALUE)


def _base32_is_secret(match: re.Match[str]) -> bool:
    """Whether base32 after a TOTP label is a key: a digit, or groups of four that are not words.

    Keys are shown in groups of four or not grouped at all; "this very long string" is neither.
    """
    if match["uri"]:
        return True
    value = match["base32"].rstrip("=")
    if any(ch.isdigit() for ch in value):
        return True
    groups = re.split(r"[ -]", value) if re.search(r"[ -]", value) else re.findall(r".{1,4}", value)
    if any(len(group) != 4 for group in groups[:-1]) or len(groups[-1]) > 4:
        return False
    return not all(is_wordlike(group) for group in groups)


_RECOVERY_LABEL = r"""\b(?:(?:backup|recovery|scratch|emergency|rescue)[ _-]?codes?|back-?up[ _-]?codes?
    |wiederherstellungs-?codes?|notfall-?codes?|codes?\s+de\s+(?:secours|r[ée]cup[ée]ration|sauvegarde)
    |c[oó]digos?\s+de\s+(?:respaldo|recuperaci[oó]n|recupera[cç][aã]o|backup|emergencia|seguran[cç]a)
    |codic[ei]\s+(?:di\s+)?(?:backup|recupero|emergenza)|herstelcodes?|reservecodes?)"""
# One code or several in a row, as services hand them out: "5ko39405lngv", "elg9fhgk nctkrpux x8l6kw4c",
# "6828 9077 5604 0877".
_RECOVERY_VALUE = r"""(?P<code>[A-Za-z0-9]{3,16}(?:[ -][A-Za-z0-9]{3,16}){0,7})(?![A-Za-z0-9])"""
# Between the label and its connector, what the codes are for: a clause ("for my Discord account"), or
# the service's name alone ("codici di recupero Google: ...").
_RECOVERY_FOR = r"""(?:""" + CLAUSE + r"""|(?:[ ](?-i:[A-Z])[\w.]{1,20}){1,2}|(?:[ ][a-z][\w.]{1,20}){1,2}(?=:))?"""
_RECOVERY = _RECOVERY_LABEL + _RECOVERY_FOR + CONNECTOR_OR_COLON + _RECOVERY_VALUE


# After the label, perhaps with the service's name between (not a verb: after one the value is the labelled
# detectors'), a code in groups: "recovery code 8F3K-2M9P-4X7Q-1Z8W", "herstelcode microsoft JZ41C-2GB51-M9B4P-04RJ7",
# and so a recovery key ("authenticator recovery key RPXM-RUJR-NFAC-BXVK").
_GROUPED_RECOVERY = (
    r"(?:" + _RECOVERY_LABEL + r"|\b(?:backup|recovery)[ _-]?keys?)"
    r"(?:[ ](?!(?:is|was|are|ist|est|es|è|é|zijn)(?![\w.]))[A-Za-z][\w.]{1,20}){0,2}"
    r"[ \t]+(?P<code>[A-Za-z0-9]{4,6}(?:-[A-Za-z0-9]{4,6}){2,7})(?![\w-])"
)
# Or one code right after the label, as a service gave it: "Instagram gave me recovery code 40721953, keep it",
# "Google m'a donné le code de secours 83920174", "me dio el código de recuperación 5520 9184".
_GIVEN_RECOVERY = (
    r"""\b(?:gave|gives|sent|sends|handed|donn[ée]|dio|dieron|mand[óo]|dato|deu|gab|gaf)
    (?:[ ](?:me|us|him|her|them|mir|uns|ons))?[ ](?:(?:a|an|the|my|this|new|one|le|un|el|il|o|um|den|de)[ ]){0,2}"""
    + _RECOVERY_LABEL
    + r"""[ \t]+(?P<code>[A-Za-z0-9]{4,8}(?:[ ][A-Za-z0-9]{4,8})?)(?![\w-])"""
)


# After the label and what the codes are for, two or more codes of one shape with no connector, or listed
# one a line, numbered or not: "steam guard backup codes AC3V0 XLIO2 BLUFW", "codici di backup di
# instagram 0986-9080 2187-3842", "backup codes for my google account:\n1. 4800-2690\n2. ...". Or after
# an aside and its colon ("backup codes, two are gone already: ..."), or joined by "and" ("... y ...").
# A code holds a digit, or is dashed groups ("pqtz-wrkm"; `_listed_codes_are_real` wants a group no word).
_LISTED_CODE = r"""(?:(?:\d{1,2}[.)]|[-•*·▪])[ \t]*)?(?:(?=[A-Za-z-]*\d)[A-Za-z0-9]{4,10}(?:-[A-Za-z0-9]{3,10}){0,3}
    |[A-Za-z]{4,10}(?:-[A-Za-z0-9]{3,10}){1,3})"""
_LISTED_AND = r"""[ \t]+(?:and|und|et|y|e|en)[ \t]+"""
_LISTED_ASIDE = r""",(?:[ \t]+[^\s:=.;!?]+){1,8}?[ \t]*:"""
# Or the service's name alone, before a colon, a line break or the codes ("codigos de respaldo insta:",
# "codici backup google 8812 3347 / 0092 6615"); the codes listed with bullets or slashes between them.
_LISTED_SERVICE = r"""(?:[ ][A-Za-z][\w.]{1,20}){1,2}(?=[ \t]*(?::|\n|[ \t]\d))"""
_LISTED_RECOVERY = (
    _RECOVERY_LABEL
    + f"(?:{CLAUSE}|{_LISTED_ASIDE}|{_LISTED_SERVICE})?"
    + rf"""[ \t]*+:?[ \t]*+\n?[ \t]*+
    (?P<codes>{_LISTED_CODE}(?:(?:[ \t]*+[,;\n/][ \t]*+|{_LISTED_AND}|[ \t]++){_LISTED_CODE}){{1,15}})(?![\w-])"""
)
_LISTED_JOIN = lazy_pattern(r"(?:[\s,;/]|(?<=\s)(?:and|und|et|y|e|en)(?=\s))+")
_LIST_NUMBER = lazy_pattern(r"\d{1,2}[.)]|[-•*·▪]")


def _listed_codes_are_real(match: re.Match[str]) -> bool:
    """Whether the codes listed after a backup-codes label are codes: two or more, of one shape (the
    lengths of their groups), all different, not all years, and most of them, two at least, with a digit
    or a group that is no word (a random code may read as a word: "mdyy-cyxk" among "d7bj-xczv ...")."""
    codes = [code for code in _LISTED_JOIN.compiled.split(match["codes"]) if code]
    codes = [code for code in codes if not _LIST_NUMBER.fullmatch(code)]
    shapes = {tuple(len(group) for group in code.split("-")) for code in codes}
    not_words = sum(map(_is_code_not_words, codes))
    return (
        len(codes) >= 2
        and len(shapes) == 1
        and len(set(codes)) == len(codes)
        and not all(YEAR.fullmatch(code) for code in codes)
        and not_words >= 2
        and 2 * not_words > len(codes)
    )


def _is_code_not_words(code: str) -> bool:
    """A code of a list: a digit in it, or a group of letters that is no word ("pqtz-wrkm", not "time-based")."""
    return any(ch.isdigit() for ch in code) or not all(is_wordlike(group) for group in code.split("-"))


_MIN_CODE_LENGTH = 6


def _dashed_letters_code(code: str) -> bool:
    """One code of three or more dashed groups of one length, four to six, not all words."""
    if " " in code:
        return False
    groups = code.split("-")
    return (
        len(groups) >= _MIN_DASHED_GROUPS
        and len({len(group) for group in groups}) == 1
        and _MIN_DASHED_GROUP <= len(groups[0]) <= _MAX_DASHED_GROUP
        and not all(is_wordlike(group) for group in groups)
    )


_MIN_DASHED_GROUPS = 3
_MIN_DASHED_GROUP = 4
_MAX_DASHED_GROUP = 6


def _recovery_code_is_real(match: re.Match[str]) -> bool:
    """Whether what follows a backup-codes label is codes: the first code (one or two groups) six letters
    and digits or more, two of them digits; or a list of codes of one length, six or more, two of them
    with a digit ("elg9fhgk nctkrpux x8l6kw4c"); or one code of three or more dashed groups of one length,
    four to six, not all words, as some services hand out letters ("qzvd-8kwp-hrtx-ymbe"; "keep-them-safe"
    is words). Not a key's ID ("BitLocker recovery key ID: 9AEF16BE-...")."""
    if is_key_id(match.string, match["code"], match.start("code")):
        return False
    groups = re.split(r"[ -]", match["code"])
    compact = "".join(groups[:2])
    if PASSWORD_MANAGER.match(compact) or all(YEAR.fullmatch(group) for group in groups[:2]):
        return False
    if len(compact) >= _MIN_CODE_LENGTH and sum(ch.isdigit() for ch in compact) >= 2:
        return True
    if _dashed_letters_code(match["code"]):
        return True
    lengths = {len(group) for group in groups}
    with_digits = sum(any(ch.isdigit() for ch in group) for group in groups)
    return len(groups) >= 2 and len(lengths) == 1 and min(lengths) >= _MIN_CODE_LENGTH and with_digits >= 2


# --- Lists of backup codes, Wi-Fi QR strings, age keys ------------------------------------------

# Two-factor backup codes as services hand them out, without a label: four or more codes in a row,
# each two or more groups of letters and digits joined by dashes ("a8f3c-91d7e", "7QK2-M9XD"), or
# eight digits as two groups of four ("4827 1930"). `_backup_codes_are_real` looks at them.
_BACKUP_CODE = r"""[A-Za-z0-9]{3,6}(?:-[A-Za-z0-9]{3,6}){1,3}"""
_BACKUP_CODES = rf"""(?<![\w-])(?P<dashed>{_BACKUP_CODE}(?:[ \t,;]+{_BACKUP_CODE}){{3,}})(?![\w-])
    | (?<![\w-])(?P<digits>\d{{4}}[ ]\d{{4}}(?:[ \t,;]+\d{{4}}[ ]\d{{4}}){{3,}})(?![\w-])"""
_CODE_SPLIT = lazy_pattern(r"[ \t,;]+")
_MIN_BACKUP_CODES = 4


def _backup_codes_are_real(match: re.Match[str]) -> bool:
    """Whether a list of codes is a list of backup codes: all of one shape (the lengths of their groups),
    all different, each with a digit and a letter and two digits a code or more in all ("8zll-5vbb
    mb1n-pypy ..."); eight-digit codes that are not all years or the same digits."""
    if match["digits"]:
        groups = match["digits"].replace(",", " ").replace(";", " ").split()
        codes = [" ".join(groups[i : i + 2]) for i in range(0, len(groups) - 1, 2)]
        return len(set(codes)) >= _MIN_BACKUP_CODES and not all(YEAR.fullmatch(group) for group in groups)
    codes = _CODE_SPLIT.compiled.split(match["dashed"].strip())
    shapes = {tuple(len(group) for group in code.split("-")) for code in codes}
    return (
        len(shapes) == 1
        and len(set(codes)) == len(codes) >= _MIN_BACKUP_CODES
        and all(any(ch.isdigit() for ch in code) and any(ch.isalpha() for ch in code) for code in codes)
        and sum(ch.isdigit() for ch in match["dashed"]) >= 2 * len(codes)
    )


# The string a Wi-Fi QR code holds (`WIFI:T:WPA;S:HomeNet;P:sunflower42;;`): its password field.
_WIFI_QR = r"""\bWIFI:(?:[^;\n]{0,64};){0,8}?P:(?P<password>(?:\\.|[^;\\\n]){1,63});"""


def _wifi_password_is_real(match: re.Match[str]) -> bool:
    return not PLACEHOLDER.fullmatch(match["password"])


# An age identity: "AGE-SECRET-KEY-1" and 58 characters of the bech32 alphabet.
_AGE_KEY = r"""\bAGE-SECRET-KEY-1[02-9AC-HJ-NP-Z]{58}(?![A-Za-z0-9])"""
# A BitLocker recovery key: 48 digits in eight groups of six, joined by hyphens.
_BITLOCKER_KEY = r"""(?<![\d-])\d{6}(?:-\d{6}){7}(?![\d-])"""
# An Apple ID's or a FileVault's recovery key after its name in its sentence: six or seven groups of four
# capitals and digits, joined by hyphens ("Apple gave me this recovery key, QWFT-...-ZKRM, keep it").
_RECOVERY_KEY = r"""(?i:\b(?:recovery[ ]key|wiederherstellungsschl[üu]ssel|cl[ée][ ]de[ ](?:secours|r[ée]cup[ée]ration)
    |clave[ ]de[ ]recuperaci[oó]n|chiave[ ]di[ ]recupero|chave[ ]de[ ]recupera[cç][aã]o|herstelsleutel)\b)
    [^\n.!?]{0,40}?(?<![A-Za-z0-9-])(?P<key>[A-Z0-9]{4}(?:-[A-Z0-9]{4}){5,6})(?![A-Za-z0-9-])"""
_RECOVERY_KEY_WORDS = ("recovery", "wiederherstellung", "secours", "cup", "recupera", "herstel")


def _recovery_key_is_real(match: re.Match[str]) -> bool:
    """Whether the groups are a key: not all of them words ("DEMO-ONLY-..." is not drawn at random)."""
    return not all(is_wordlike(group) for group in match["key"].split("-"))


# --- Passwords on command lines -----------------------------------------------------------------

_COMMAND_LINE = r"""
    \b(?i:mysql|mysqldump|mysqladmin|mysqlimport|mysqlcheck|mysqlshow|mysqlslap|mariadb(?:-dump|-admin)?)\b
        [^\n|;&]{0,200}?[ \t]-p(?P<mysql>[^\s-]\S*)                                  # mysql -u root -pS3cret!
    | \bsshpass(?:[ \t]+-[a-oq-zA-Z]\S*)*[ \t]+-p[ \t]*(?P<sshpass>\S+)                 # sshpass -p S3cret! ssh ...
    | \b(?i:curl|wget|http|https|xh|httpie)\b[^\n|;&]{0,200}?[ \t](?:-u|--user)(?:[ \t]+|=)?
        (?P<userpass>[^\s:]+:\S+)                                                    # curl -u user:pass
    | \b(?i:docker|podman|nerdctl|helm|oras|skopeo|buildah)[ \t]+(?:registry[ \t]+)?login\b
        [^\n|;&]{0,200}?[ \t](?:-p|--password)(?:[ \t]+|=)(?P<login>\S+)               # docker login -u me -p ...
    | \bsmbclient\b[^\n|;&]{0,200}?[ \t](?:-U|--user)(?:[ \t]+|=)?[^\s%]+%(?P<smb>\S+)  # smbclient -U user%pass
    | (?<![\w-])--(?:[a-z0-9]+-)*pass(?:word|wd|phrase)?=(?P<flag>\S+)                 # --password=..., --db-pass=...
    | (?<![\w-])--(?:[a-z0-9]+-)*pass(?:word|wd|phrase)?[ \t]+(?P<spaced>\S+)          # --password S3cret!
    | (?<![\w-])-p(?P<quoted>'[^'\s]+'|"[^"\s]+")                                      # -p'S3cret!'
    """
_PORT_LIKE = lazy_pattern(r"[\d:./-]+")


def _command_line_password_is_real(match: re.Match[str]) -> bool:
    if match["spaced"]:
        return is_credential_value(match["spaced"])
    if match["userpass"]:
        user, _, password = unquote(match["userpass"]).partition(":")
        return bool(user) and is_typed_value(password) and not (user.isdigit() and password.isdigit())
    if match["quoted"]:
        return is_typed_value(match["quoted"]) and not _PORT_LIKE.fullmatch(unquote(match["quoted"]))
    value = match["mysql"] or match["sshpass"] or match["login"] or match["smb"] or match["flag"]
    return is_typed_value(value)


# --- A user name and a password together --------------------------------------------------------

_PAIR_LABEL = r"""\b(?:creds|credentials|log-?in(?:\s+details)?|sign-?in|user(?:name)?\s*/\s*pass(?:word)?|u/p
    |zugangsdaten|anmeldedaten|login-?daten|identifiants|credenciales|credenziali|credenciais|inloggegevens)"""
_USER_LABEL = r"""\b(?:user(?:name)?|login|benutzer(?:name)?|nutzer(?:name)?|utilisateur|usuario|utente|usu[aá]rio
    |gebruiker(?:snaam)?|ssid|wi-?fi|wlan|network|netzwerk|r[ée]seau|red|rete|rede|netwerk)"""
# "pass" is left out after a user name: "allow user to pass execution_id" is about something else. Spanish chat's
# "contra" (contraseña) is read only here, after a user name: "usuario jquispe98 contra MiMoto#Ate".
_PASSWORD_LABEL = rf"""(?:{PASSWORD_WORDS}|pw|pwd|key|schlüssel|mdp|clé|clave|chiave|sleutel|contra)"""
_PAIR_JOIN = r"""(?:\s*[:=]\s*|\s+(?:is|ist|est|es|è|é)\s+|[ \t]+)"""
_PAIR = (
    labelled(_PAIR_LABEL, r"[^\s/:|,]+(?:\s*[/|]\s*|:)(?P<pair>[^\s/|]\S*)")
    + rf"""| {_USER_LABEL}{_PAIR_JOIN}(?P<user>[^\s,;]+)[,;]?\s+(?:(?:and|und|et|y|e|en)\s+)?
    (?:(?:the|das|le|la|el|il|a|o|het|de)\s+)?{_PASSWORD_LABEL}{_PAIR_JOIN}(?P<password>{QUOTED_OR_WORD})"""
)
# Words that stand where a user name would, and are not one: "the user to ...", "login with ...".
_NOT_A_USER = frozenset(
    """to the a an and or can could will would must should may might is was has have had with for of in on at by
    not who that which this their his her its my your our name names id account interface experience""".split()
)


def _pair_is_real(match: re.Match[str]) -> bool:
    if match["pair"]:
        return is_credential_value(match["pair"], min_length=4) and fills_its_line(match, "pair")
    return match["user"].casefold() not in _NOT_A_USER and is_credential_value(match["password"])


# --- Private keys and keys after their names ----------------------------------------------------


def _private_key_is_real(match: re.Match[str]) -> bool:
    """A BEGIN ... PRIVATE KEY line with two dashes or more on a side, or key material on the next line."""
    return bool(match["lead"] or match["tail"] or match["body"])


# A credential's key in `key = value` and `key: value`; `pass` not after the name of a ticket.
_CREDENTIAL_KEY = r"""(?P<key>password|passwd|passphrase|pwd|(?<![a-z])pw|secret|token|credentials?|creds
    |api[_-]?key|access[_-]?key|secret[_-]?key|private[_-]?key|auth[_-]?key|(?<![a-z])psk|(?<![\w-])pass
    |passwort|kennwort|wachtwoord|contrase(?:ñ|n)a|(?<![a-z])senha|(?<![a-z])mdp)"""
_TICKETS = frozenset(
    """boarding bus train rail season day week month annual ski lift hall park museum gym festival backstage press
    guest visitor travel transit metro subway tram ferry event concert stadium parking all-access access mountain
    national interrail eurail hall free mess""".split()
)


def _key_value_is_credential(match: re.Match[str]) -> bool:
    if match["key"].casefold() == "pass" and word_before(match, "key") in _TICKETS:
        return False
    return is_credential_value(match["value"])


# The value first: "I use Tr0ub4dor&3 as my password", "hunter2x is the wifi password", "Sonne2024! ist
# mein Passwort", but not "report.pdf is password-protected" or "1Password is my password manager".
_PASSWORD_FIRST = (
    r"""(?<!\S)(?P<value>"[^"\n]*"|'[^'\n]*'|\S+)"""
    + VALUE_FIRST_JOIN
    + rf"""(?:[\w-]+\s+){{0,2}}?(?P<label>{PASSWORD_WORDS}|pw)
    (?![\w-]|\s*(?:manager|reset|policy|hint|field|prompt|strength|rules?|requirements?|change|app|vault))"""
)
_KEY_ASSIGNMENT = _CREDENTIAL_KEY + r"""[\"']?(?:\s*(?::=|=>|->|→|[:=–—])\s*|\s+-{1,2}\s+)""" + VALUE
# "contraseña" as typed in a hurry, two letters swapped: "contrasñea", "contarseña".
_CONTRASENA = r"""contr?a(?:se|es|s)?(?:ñ|n)(?:e?a|ae)"""
# The languages that name what a password is for after it, with no preposition: "mot de passe wifi est ...",
# "contraseña gmail es ...", "senha banco é ...": one word, not the verb.
_FOR_AFTER = r"""(?:\s+(?!(?:est|es|é|è|is|era|était|foi)(?![^\W_]))[^\W\d_][\w-]{1,20})?"""
_PROSE_LABEL = (
    r"""(?:\b(?:password|passcode|passphrase|passwd|pw|token|(?:mot\s+de\s+passe|mdp|"""
    + _CONTRASENA
    + r"""|senha|palavra[- ]passe|parola\s+d['’]ordine|clave)"""
    + _FOR_AFTER
    + r"""
       |(?:api|access|secret|private|wi-?fi|wlan|wpa[23]?|wep|network(?:\s+security)?|wireless|router|license|licence
          |product|recovery|encryption)[ _-]?key
       |(?:clé|clave|chiave|chave)\s+(?:wi-?fi|wpa2?|wlan|de\s+s[ée]curit[ée]|de\s+seguridad|di\s+sicurezza|de\s+seguran[cç]a)
       |netwerksleutel|netzwerkschlüssel)
    |passwort|kennwort|wachtwoord|wlan-?schlüssel|wlan-?key)"""
)


# --- The detectors ------------------------------------------------------------------------------


class _Detector(NamedTuple):
    name: str
    pattern: LazyPattern
    # A second look at a match, for shapes that ordinary text can also take; None accepts every match.
    confirm: Callable[[re.Match[str]], bool] | None = None
    # A pattern every match of `pattern` contains, cheap to look for: a text without it is skipped.
    # Most proposals hold no digit and no dash, and the two detectors that need one are the slowest.
    needs: LazyPattern | None = None
    # Words of which every match holds one (case-folded), looked for as plain substrings of the
    # case-folded text: a text without any is skipped. Only the slow labelled detectors have them.
    words: tuple[str, ...] = ()


def _body_is_mixed(match: re.Match[str]) -> bool:
    return is_mixed(match["body"])


def _value_is_credential(match: re.Match[str]) -> bool:
    if said_in_general(match.string, *match.span("label")) or _masked_in_its_column(match):
        return False
    if is_key_id(match.string, match["value"], match.start("value")):
        return False
    return is_credential_value(match["value"]) and fills_its_line(match, "value")


def _masked_in_its_column(match: re.Match[str]) -> bool:
    """A table's header that names a password column and, on the next line, a row whose cell in that
    column is masked: "name,username,password" over "Netflix,kim@mail.com,********"."""
    text = match.string
    header_start = text.rfind("\n", 0, match.start("label")) + 1
    header_end = text.find("\n", header_start)
    if header_end < 0 or "," not in text[header_start:header_end]:
        return False
    header = text[header_start:header_end].split(",")
    row_end = text.find("\n", header_end + 1)
    row = text[header_end + 1 : row_end if row_end >= 0 else len(text)].split(",")
    label = match["label"].casefold()
    columns = [index for index, cell in enumerate(header) if label in cell.casefold()]
    return len(row) == len(header) and bool(columns) and all(PLACEHOLDER.fullmatch(row[i].strip()) for i in columns)


# A file of settings committed as a template, with stand-ins where the real values go: ".env.example",
# "config.sample.yml", "settings.template.json", "app.env.dist".
_TEMPLATE_FILE = lazy_pattern(
    r"""(?<![\w-])[\w./-]*\.(?:example|sample|template|dist|tmpl|tpl)(?:\.[a-z]{2,5})?(?![\w-])
    |(?<![\w-])(?:example|sample|template)\.(?:env|ya?ml|json|toml|ini|conf|cfg|properties)(?![\w-])""",
    re.IGNORECASE | re.VERBOSE,
)
# The user and password a template's connection URL stands in with: "postgres://user:password@localhost".
_STAND_IN_USER = frozenset({"user", "username", "usr", "login", "name"})
_STAND_IN_PASSWORD = frozenset({"password", "pass", "passwd", "pwd", "secret"})


def _password_is_real(match: re.Match[str]) -> bool:
    password = match["password"]
    if PLACEHOLDER.fullmatch(password):
        return False
    # In a template file, a user and a password named by what they are, "user:password", stand in for
    # the real ones; anywhere else the word may be the real, weak, password ("postgres:password").
    stand_in = match["user"].casefold() in _STAND_IN_USER and password.casefold() in _STAND_IN_PASSWORD
    return not (stand_in and _TEMPLATE_FILE.search(match.string))


def _authorization_is_real(match: re.Match[str]) -> bool:
    if match["bearer"]:
        return is_credential_value(match["bearer"], min_length=12)
    value = unquote(match["value"])
    if match["scheme"] and match["scheme"].lower() == "basic":
        return is_basic_credential(value)
    return is_credential_value(value, min_length=8) or is_basic_credential(value)


def _basic_is_real(match: re.Match[str]) -> bool:
    return is_basic_credential(match["value"])


def _compile(pattern: str, flags: int = 0) -> LazyPattern:
    return lazy_pattern(pattern, flags | re.VERBOSE)


_A_DIGIT = lazy_pattern(r"\d")
# The words every match of the labelled detectors holds, read off their labels (`words` above).
_KEY_WORDS = (
    "pw",
    "pass",
    "secret",
    "token",
    "cred",
    "key",
    "psk",
    "kennwort",
    "wachtwoord",
    "contrase",
    "senha",
    "mdp",
)
_PROSE_WORDS = (
    *("pass", "pw", "token", "mdp", "contra", "senha", "parola", "clave", "key", "clé", "chiave", "chave"),
    *("sleutel", "schlüssel", "kennwort", "wachtwoord"),
)
_PASSWORD_FIRST_WORDS = ("pass", "pw", "kennwort", "contrase", "senha", "wachtwoord")
_PAIR_WORDS = (
    *("cred", "log", "sign", "user", "u/p", "zugangsdaten", "anmeldedaten", "identifiants", "inloggegevens"),
    *_PROSE_WORDS,
)
_PIN_WORDS = (
    *(
        "pin",
        "nip",
        "puk",
        "cvv",
        "cvc",
        "csc",
        "cryptogramme",
        "pass",
        "code",
        "combin",
        "combo",
        "geheim",
        "digo",
        "secreto",
        "codice",
    ),
    *("kombi", "schloss", "senha", "clave", "lock", "key", "cadenas", "candado", "lucchetto", "cadeado"),
    *(
        "hangslot",
        "cijferslot",
        "codeslot",
        "parent",
        "profil",
        "kindersicherung",
        "jugendschutz",
        "toezicht",
        "contrase",
        "wachtwoord",
        "pw",
    ),
    "mdp",
    "parola d",
    *("open", "öffnet", "abre", "ouvre", "apre", "alarm", "allarme", "geht mit", "ficou", "fica ", "qued"),
    *("close", "cierr", "ferme", "chiud", "fech", "sluit", "schlie"),
    *("sblocca", "desbloque", "verrouille", "ontgrendel", "entsperr", "goes up", "go up"),
)
_A_DASH = lazy_pattern(r"-")
# What a code typed on a keypad, or set on a lock, holds: single digits in a row, or a number of three.
_A_KEYPAD_CODE = lazy_pattern(
    r"""\d[ ]\d[ ]\d[ ]\d|\d[ ]?[#*]|\d,?[ ](?:then|and|followed|y|luego|puis|et|suivi|dann|und|gefolgt|poi|e|seguito
    |depois|seguido|gevolgd|en|di[èe]se|hash|raute|cancelletto|almohadilla|hekje|cardinal)[ ]
    |\d[ ](?:star|stern|[ée]toile|asterisco|estrela|sterretje)\b
    |\b(?:put|set|puse|puso|pongo|puesto|messo|metto|impostato|mis|mets|coloquei|coloco|pus|p[ôo]s|zet|gezet|stelde
    |ingesteld)[ ]\d""",
    re.VERBOSE,
)

# Most specific first: `secret_kind` names the first detector that fires.
_DETECTORS: tuple[_Detector, ...] = (
    _Detector("aws-access-key", _compile(r"\b(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}\b"), not_a_documented_example),
    _Detector(
        "aws-secret-key",
        _compile(
            r"aws_?secret_?(?:access_?)?key[\"']?\s*[:=]\s*[\"']?[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+])", re.IGNORECASE
        ),
    ),
    _Detector("google-api-key", _compile(r"\bAIza[0-9A-Za-z_-]{35}")),
    _Detector("google-oauth-token", _compile(r"\bya29\.[0-9A-Za-z_-]{30,}")),
    _Detector("github-token", _compile(r"\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{40,})")),
    _Detector("gitlab-token", _compile(r"\bglpat-[A-Za-z0-9_-]{20,}")),
    _Detector("slack-token", _compile(r"\b(?:xox[abposr]-[A-Za-z0-9-]{10,}|xapp-\d-[A-Za-z0-9-]{10,})")),
    _Detector("slack-webhook", _compile(r"hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9_/-]{16,}")),
    _Detector(
        "discord-webhook",
        _compile(r"discord(?:app)?\.com/api/webhooks/\d{10,}/[A-Za-z0-9_-]{30,}", re.IGNORECASE),
    ),
    _Detector("stripe-key", _compile(r"\b(?:(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}|whsec_[A-Za-z0-9]{24,})")),
    _Detector("anthropic-key", _compile(r"\bsk-ant-[A-Za-z0-9_-]{20,}")),
    _Detector("openai-key", _compile(r"\bsk-(?:proj-|svcacct-|admin-)?(?P<body>[A-Za-z0-9_-]{20,})"), _body_is_mixed),
    _Detector("huggingface-token", _compile(r"\bhf_(?P<body>[A-Za-z0-9]{30,})\b"), _body_is_mixed),
    _Detector("npm-token", _compile(r"\bnpm_(?P<body>[A-Za-z0-9]{36})\b"), _body_is_mixed),
    _Detector("pypi-token", _compile(r"\bpypi-(?P<body>[A-Za-z0-9_-]{40,})"), _body_is_mixed),
    _Detector("twilio-key", _compile(r"\bSK[0-9a-f]{32}\b")),
    _Detector("sendgrid-key", _compile(r"\bSG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}")),
    _Detector(
        "discord-bot-token",
        _compile(r"(?<![A-Za-z0-9_-])(?P<body>[MNO][A-Za-z0-9_-]{23,27}\.[A-Za-z0-9_-]{6,7}\.[A-Za-z0-9_-]{27,40})\b"),
        _body_is_mixed,
    ),
    _Detector("telegram-bot-token", _compile(r"(?<![0-9])[0-9]{8,10}:AA[A-Za-z0-9_-]{33}(?![A-Za-z0-9_-])")),
    _Detector("digitalocean-token", _compile(r"\bdo[opr]_v1_[a-f0-9]{64}\b")),
    _Detector("shopify-token", _compile(r"\bshp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}\b")),
    _Detector("azure-storage-key", _compile(r"AccountKey=[A-Za-z0-9+/]{40,}={0,2}", re.IGNORECASE)),
    _Detector("mailgun-key", _compile(r"\bkey-(?P<body>[0-9a-zA-Z]{32})\b"), _body_is_mixed),
    _Detector(
        "private-key",
        _compile(
            r"""(?:(?<!-)(?P<lead>-{2,}+)[ \t]*|(?<!\w))BEGIN\s+(?:[A-Z0-9]+\s+){0,4}?PRIVATE\s+KEY(?:\s+BLOCK)?
            (?:(?P<tail>[ \t]*-{2,})|(?P<body>[ \t]*\r?\n[ \t]*[A-Za-z0-9+/]{40}))?""",
            re.IGNORECASE,
        ),
        _private_key_is_real,
    ),
    _Detector("jwt", _compile(r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*")),
    # A proxy's share link: what follows the scheme holds the user's ID or password ("vless://UUID@host:443",
    # "ss://base64(method:password)@host", "trojan://password@host", "vmess://base64 of its settings").
    _Detector(
        "proxy-link",
        _compile(r"\b(?:vless|vmess|trojan|ssr?|hysteria2?|hy2|tuic)://[A-Za-z0-9+/=_.:@%-]{8,}", re.IGNORECASE),
    ),
    _Detector(
        "connection-string",
        _compile(r"\b[a-z][a-z0-9+.-]{1,30}://(?P<user>[^\s:/@]*):(?P<password>[^\s/@]+)@[^\s/@]", re.IGNORECASE),
        _password_is_real,
    ),
    _Detector("pgpass-line", _compile(PGPASS), pgpass_password_is_real, PGPASS_NEEDS),
    _Detector(
        "authorization-header",
        _compile(
            r"""\bauthorization[\"']?\s*[:=]\s*[\"']?(?:(?P<scheme>[a-z]+)\s+)?(?P<value>[^\s\"',;]+)
            | \bbearer\s+(?P<bearer>[A-Za-z0-9._~+/-]{12,}=*)""",
            re.IGNORECASE,
        ),
        _authorization_is_real,
    ),
    _Detector(
        "basic-auth",
        _compile(r"\bbasic\s+(?P<value>[A-Za-z0-9+/]{8,}={0,2})(?![A-Za-z0-9+/=])", re.IGNORECASE),
        _basic_is_real,
    ),
    _Detector("totp-secret", _compile(_TOTP, re.IGNORECASE), _base32_is_secret),
    _Detector("recovery-codes", _compile(_RECOVERY, re.IGNORECASE), _recovery_code_is_real),
    _Detector("recovery-codes", _compile(_GROUPED_RECOVERY, re.IGNORECASE), _recovery_code_is_real),
    _Detector("recovery-codes", _compile(_GIVEN_RECOVERY, re.IGNORECASE), _recovery_code_is_real),
    _Detector("recovery-codes", _compile(_LISTED_RECOVERY, re.IGNORECASE), _listed_codes_are_real),
    _Detector("backup-codes", _compile(_BACKUP_CODES), _backup_codes_are_real, _A_DIGIT),
    _Detector("wifi-qr-password", _compile(_WIFI_QR, re.IGNORECASE), _wifi_password_is_real),
    _Detector("age-secret-key", _compile(_AGE_KEY, re.IGNORECASE)),
    _Detector("bitlocker-recovery-key", _compile(_BITLOCKER_KEY), words=("-",)),
    _Detector("command-line-password", _compile(_COMMAND_LINE), _command_line_password_is_real, _A_DASH),
    _Detector(
        "credential-assignment",
        _compile(_KEY_ASSIGNMENT, re.IGNORECASE),
        _key_value_is_credential,
        words=_KEY_WORDS,
    ),
    # "my wifi password is sunshine42", "the API key for staging was: K9x-...", "the password for guests:
    # ...", "mein Passwort ist ...". A bare "key" is left out: "the key is COVID-19 testing" is about
    # something else.
    _Detector(
        "credential-assignment",
        _compile(labelled(f"(?P<label>{_PROSE_LABEL})", VALUE, CONNECTOR_OR_CHANGE), re.IGNORECASE),
        _value_is_credential,
        words=_PROSE_WORDS,
    ),
    _Detector(
        "credential-assignment",
        _compile(_PASSWORD_FIRST, re.IGNORECASE),
        _value_is_credential,
        words=_PASSWORD_FIRST_WORDS,
    ),
    _Detector("credential-pair", _compile(_PAIR, re.IGNORECASE), _pair_is_real, words=_PAIR_WORDS),
    _Detector("pin-code", _compile(PIN, re.IGNORECASE), pin_is_real, _A_DIGIT, _PIN_WORDS),
    _Detector("pin-code", _compile(PIN_FIRST, re.IGNORECASE), pin_is_real, _A_DIGIT, _PIN_WORDS),
    _Detector("pin-code", _compile(KEYPAD, re.IGNORECASE), keypad_is_real, _A_KEYPAD_CODE, ("",)),
    _Detector("recovery-key", _compile(_RECOVERY_KEY), _recovery_key_is_real, words=_RECOVERY_KEY_WORDS),
    _Detector("seed-phrase", _compile(SEED_LABEL + SEED_GAP + SEED_RUN, re.IGNORECASE), labelled_seed_phrase),
    _Detector(
        "seed-phrase",
        _compile(SEED_LABEL_AFTER, re.IGNORECASE),
        seed_phrase_before,
        words=SEED_LABEL_AFTER_WORDS,
    ),
    _Detector("seed-phrase", _compile(SEED_RUN), bare_seed_phrase),
    _Detector("high-entropy", _compile(r"[A-Za-z0-9+/_=-]{24,}"), is_high_entropy),
)


# The words every match of a detector holds, read off its pattern (case-folded); a text that holds
# none of them is skipped, with one quick look for each word instead of a scan by the pattern.
_WORDS_OF = {
    "aws-access-key": ("akia", "asia", "abia", "acca"),
    "aws-secret-key": ("aws",),
    "google-api-key": ("aiza",),
    "google-oauth-token": ("ya29.",),
    "github-token": ("gh", "github_pat_"),
    "gitlab-token": ("glpat-",),
    "slack-token": ("xox", "xapp-"),
    "slack-webhook": ("hooks.slack.com/",),
    "discord-webhook": ("discord",),
    "stripe-key": ("sk_", "rk_", "whsec_"),
    "anthropic-key": ("sk-ant-",),
    "openai-key": ("sk-",),
    "huggingface-token": ("hf_",),
    "npm-token": ("npm_",),
    "pypi-token": ("pypi-",),
    "twilio-key": ("sk",),
    "sendgrid-key": ("sg.",),
    "telegram-bot-token": (":aa",),
    "digitalocean-token": ("_v1_",),
    "shopify-token": ("shp",),
    "azure-storage-key": ("accountkey=",),
    "mailgun-key": ("key-",),
    "private-key": ("begin",),
    "jwt": ("eyj",),
    "proxy-link": ("vless://", "vmess://", "trojan://", "ss://", "ssr://", "hysteria", "hy2://", "tuic://"),
    "connection-string": ("://",),
    "authorization-header": ("authorization", "bearer"),
    "basic-auth": ("basic",),
    "totp-secret": ("otp", "2fa", "mfa", "factor", "authenticator", "authy", "setup", "secret", "clé", "cle"),
    "recovery-codes": ("code", "digo", "codic", "recovery", "backup", "herstel"),
    "wifi-qr-password": ("wifi:",),
    "age-secret-key": ("age-secret-key-1",),
}
_DETECTORS = tuple(d if d.words else d._replace(words=_WORDS_OF.get(d.name, ())) for d in _DETECTORS)


def secret_kind(text: str) -> str | None:
    """The name of the first detector that finds a credential in `text`, or None if none does."""
    text = normalise(text)
    folded = text.casefold()
    for detector in _DETECTORS:
        if detector.words and not any(map(folded.__contains__, detector.words)):  # map: no frame per word
            continue
        if detector.needs is not None and not detector.needs.search(text):
            continue
        for match in detector.pattern.finditer(text):
            if detector.confirm is None or detector.confirm(match):
                return detector.name
    return None


# The BIP-39 English word list (public domain), from which wallets draw their seed phrases. Its
