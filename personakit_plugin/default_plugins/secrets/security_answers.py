"""The answer to a security question: "my mother's maiden name is Kowalczyk" said for the bank.

A bank's or a site's security question ("first pet", "mother's maiden name", "city of birth") is a
second password whose answer people can say in passing. An answer is refused when a question is
named and answered, and the sentence says it is a security question or speaks of a bank: "for bank
security questions my mother's maiden name is Kowalczyk", "bij de bank: eerste huisdier = Pluisje",
"domanda di sicurezza: città natale di mio padre -> Brindisi". An answer's own label takes its value
straight away ("als Sicherheitsantwort 'Pestalozzischule' angegeben"), or further on in its sentence.
The answer is a capitalised word after a connector, or a quoted word: "my first pet was a dog" and a
sentence about a pet, with no bank nor security question in it, are stored.
"""

from __future__ import annotations

import re

from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern

# The classic questions, in the seven languages.
_QUESTION = lazy_pattern(
    r"""\b(?:maiden[ ]name|first[ ](?:pet|school|car|teacher|street|job|boss)|(?:pet|dog|cat)['’]?s?[ ]name
    |(?:city|town|place)[ ]of[ ]birth|birth[ ]?(?:place|city|town)|home[ ]?town|favou?rite[ ](?:teacher|book|food)
    |m[äa]dchenname|geburtsname|erste[snmr]?[ ](?:haustier|schule|grundschule|auto|lehrer(?:in)?)|geburtsort
    |apellido[ ]de[ ]soltera|primer[oa]?[ ](?:mascota|colegio|escuela|coche|profesor(?:a)?)|ciudad[ ]natal
    |lugar[ ]de[ ]nacimiento
    |nom[ ]de[ ]jeune[ ]fille|premi(?:er|[èe]re)[ ](?:animal|[ée]cole|voiture|professeur|ma[îi]tresse)|ville[ ]natale
    |lieu[ ]de[ ]naissance
    |(?:cognome|nome)[ ]da[ ]nubile|prim[oa][ ](?:animale|scuola|auto|insegnante|maestr[oa])|citt[àa][ ]natale
    |luogo[ ]di[ ]nascita
    |nome[ ]de[ ]solteira|primeir[oa][ ](?:animal|escola|carro|professor(?:a)?)|cidade[ ]natal|terra[ ]natal
    |meisjesnaam|eerste[ ](?:huisdier|school|auto|leraar|juf|meester)|geboorteplaats|geboortestad)\b""",
    re.IGNORECASE | re.VERBOSE,
)
# What makes a question a security question: its name, or a bank in the sentence.
_CONTEXT = lazy_pattern(
    r"""\b(?:security[ ](?:questions?|answers?)|secret[ ](?:questions?|answers?)|memorable[ ](?:word|answer)
    |bank\w*|banco|banque|bancaire|banca|credit[ ]union|sparkasse
    |sicherheits(?:frage|antwort)\w*|geheimfrage\w*
    |(?:pregunta|respuesta)s?[ ](?:de[ ]seguridad|secreta)
    |(?:question|r[ée]ponse)s?[ ](?:secr[èe]te|de[ ]s[ée]curit[ée])
    |(?:domand|rispost)[ae][ ](?:di[ ]sicurezza|segret[ae])
    |(?:pergunta|resposta)s?[ ](?:de[ ]seguran[çc]a|secreta)
    |beveiligingsvra(?:ag|gen)|beveiligingsantwoord|geheime[ ]vraag)\b""",
    re.IGNORECASE | re.VERBOSE,
)
# An answer's own label: its value may follow with no connector.
_ANSWER_LABEL = lazy_pattern(
    r"""\b(?:security[ ]answer|secret[ ]answer|sicherheitsantwort|respuesta[ ](?:de[ ]seguridad|secreta)
    |r[ée]ponse[ ](?:secr[èe]te|de[ ]s[ée]curit[ée])|risposta[ ](?:di[ ]sicurezza|segreta)
    |resposta[ ](?:de[ ]seguran[çc]a|secreta)|beveiligingsantwoord)\b""",
    re.IGNORECASE | re.VERBOSE,
)
# The answer: a capitalised word after a connector ("is Kowalczyk", "= Almeida", "se llamaba Canela"),
# or a quoted word.
_CAPITALISED = r"[A-ZÄÖÜÀ-ÞĀ-Ž][\w'’-]{2,}"
_QUOTED = r"""['"‘“„«][^\s'"‘’“”„«»]{3,}['"’”»]"""
_CONNECTOR = r"""(?:\s(?:is|was|ist|war|es|era|est|c['’]est|è|é|(?:was[ ])?(?:named|called)|hie(?:ß|ss)|hei(?:ß|ss)t
    |se[ ]llamaba|s['’]appelait|si[ ]chiamava|se[ ]chamava|heette|heet|answer|antwort|respuesta|r[ée]ponse
    |risposta|resposta|antwoord):?\s+|\s*(?:=|->|=>|→|:)\s*)"""
_ANSWER_AFTER = lazy_pattern(rf"""{_CONNECTOR}(?:{_CAPITALISED}|{_QUOTED})|\s+{_QUOTED}""", re.VERBOSE)
_ANSWER_RIGHT_AFTER = lazy_pattern(rf"""(?:{_CONNECTOR}|\s+)(?:{_CAPITALISED}|{_QUOTED})""", re.VERBOSE)
_WINDOW = 50
_SENTENCE_END = lazy_pattern(r"[.!?;]\s|\n")


def _sentence_after(text: str, start: int) -> str:
    window = text[start : start + _WINDOW]
    end = _SENTENCE_END.search(window)
    return window if end is None else window[: end.start()]


def security_answer(text: str) -> bool:
    """Whether `text` answers a security question, named as one or for a bank."""
    for answer in _ANSWER_LABEL.finditer(text):
        if _ANSWER_RIGHT_AFTER.match(text, answer.end()) or _ANSWER_AFTER.search(_sentence_after(text, answer.end())):
            return True
    for question in _QUESTION.finditer(text):
        if _ANSWER_AFTER.search(_sentence_after(text, question.end())) and _CONTEXT.search(text):
            return True
    return False
