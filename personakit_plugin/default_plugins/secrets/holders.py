"""Whose a number is, by the sentence around it: one that names another holder of it or says it is public or
printed (a company's, a supplier's, on an invoice: `SOMEONE_ELSES`), or that says it is not a person's real number
(a phone's, a machine's, an order's, an animal's; wrong, rejected, an example, its format: `NOT_A_PERSONS`).

`named_numbers` asks it of a value said after a personal number's or an account's name; `numbers`, `names`,
`security_answers` and `spelled` share its sentence's end.
"""

from __future__ import annotations

import re

from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern

# A sentence that names another holder of the number, or says it is public or printed.
SOMEONE_ELSES = lazy_pattern(
    r"""cooperativ|\bcoope\b|asociaci|sociedad|proveedor|empresa|\bfirma\b|supplier|compan|\bfirm\b|\bshop
    |\bstore|business|vendor|entreprise|soci[ée]t[ée]|fournisseur|lieferant|fornitore|azienda|bedrijf|leverancier
    |fornecedor|\bloja\b|tienda|negocio|registered|registriert|p[uú]blic|fattur|\bditta\b
    |(?<!pa[ ])(?<!para[ ])(?<!pa[ ]las[ ])(?<!para[ ]las[ ])factur|invoice
    |\bd\.o\.o\b|\bgmbh\b|\bltd\b|\bllc\b|\binc\b|\bs\.a\.|\bsarl\b|\bs\.r\.l\b|\bplc\b|\bpty\b|\bşti\b
    |\bfatura|parrocchi|parish|parroquia|par[óo]quia|paroisse|parochie|pfarr|associazion|onlus|fondazion""",
    re.IGNORECASE | re.VERBOSE,
)
# A sentence that says the number is not a person's own (a phone's, a machine's, an order's, a ledger's, an
# animal's passport, a procedure's folio), or not a real one (wrong, rejected, missing a part, an example, its
# format): "ID number 07912345678 is my mobile", "NIC 123456789012 for the server", "the order ID number is ...",
# "DNI 41627385-2 no coincide", "NID 0000000000 in the example", "NIN CM12345678901234 is only digits".
NOT_A_PERSONS = lazy_pattern(
    r"""phone|mobile|\bcell|\bcall\b|\bring\b|\btel\b|telef|t[ée]l[ée]phone|whatsapp|numero[ ]verde|toll[ -]free
    |hotline|helpline|\bhandy\b|m[óo]vil|celular|portable
    |printer|impres|imprimante|drucker|stampante|server|router|\bmodel|modelo|mod[èe]le|\border\b|pedido|commande
    |bestellung|ordine|bestelling|encomenda|forum|ticket|booking|\bfolio\b|login|user[ ]?name|player|gamer|steam|discord
    |telegram|skype|zoom|meeting|apple[ ]id|member(?:ship)?[ ]id
    |falcon|\bpet\b|\bdog|\bcat\b|horse|animal|equine|\bhund|chien|perro|gato|\bcane\b|gatto|paard|cavalo|pferd
    |not[ ]valid|invalid|isn['’]t[ ]valid|wrong|reject|refused|typo|no[ ]coincide|errad|mal[ ]copiad|mal[ ]escrit
    |no[ ]pasa|no[ ]existe|introuvable|rechaz|gre[șs]it|incomplet|example|ejemplo|exemple|esempio|beispiel
    |voorbeeld|exemplo|primjer|me[ ]falta|missing|ledger
    |digits|d[íi]gitos|chiffres|ziffern|cifre|cijfers|characters|caracteres|caract[èe]res|zeichen|caratteri|tekens""",
    re.IGNORECASE | re.VERBOSE,
)
# A customer's or a client's number is a shop's or a firm's record of them, not a person's own ("customer ID
# 48213950").
_A_CUSTOMERS = lazy_pattern(r"customer|client|kunden", re.IGNORECASE)
# But a document only a person holds stays that person's, a client's or a business's owner's: "el pasaporte del
# cliente es 148273619", "ma cni 1 751 1987 04827 pour ouvrir le compte wave business", "my cnic ... for the business
# account". A tax number is not one of them: a firm has one too.
_A_PERSONS_DOCUMENT = lazy_pattern(
    r"""passport|pasaport|passeport|passaport|paspoort|reisepass|id[ -]?card|identity|identit[àé]|identidad
    |identidade|national[ ]?id|\bcnic?\b|\bnic\b|\bnid\b|\bnin\b|\bdni\b|c[ée]dula|social[ ]security|voter""",
    re.IGNORECASE | re.VERBOSE,
)
SENTENCE_END = lazy_pattern(r"[.!?;]\s|\n")


def sentence_around(text: str, start: int, end: int) -> str:
    """The sentence of `text` around `start` to `end`: a line or a sentence, whichever is shorter."""
    opening = 0
    for found in SENTENCE_END.compiled.finditer(text, 0, start):
        opening = found.end()
    closing = SENTENCE_END.compiled.search(text, end)
    return text[opening : closing.start() if closing else len(text)]


def not_a_persons_own(text: str, start: int, end: int, label: str = "") -> bool:
    """Whether the sentence around the number at `start` to `end` names another holder of it or says it is not a
    person's real number (a customer's number); a document only a person holds, named in `label`, is a person's
    whoever else the sentence names."""
    sentence = sentence_around(text, start, end)
    if NOT_A_PERSONS.search(sentence) is not None:
        return True
    if _A_PERSONS_DOCUMENT.search(label) is not None:
        return False
    return SOMEONE_ELSES.search(sentence) is not None or _A_CUSTOMERS.search(sentence) is not None
