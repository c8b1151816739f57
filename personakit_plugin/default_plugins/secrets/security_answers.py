"""The answer to a security question: "my mother's maiden name is Kowalczyk" said for the bank.

A bank's or a site's security question ("first pet", "mother's maiden name", "city of birth") is a
second password whose answer people can say in passing. An answer is refused when a question is
named and answered, and the sentence says it is a security question or, for the questions only security
questions ask, speaks of a bank ("my hometown is Leeds and my bank is Barclays" is a fact): "for bank
security questions my mother's maiden name is Kowalczyk", "bij de bank: eerste huisdier = Pluisje",
"domanda di sicurezza: città natale di mio padre -> Brindisi". An answer's own label takes its value
straight away ("als Sicherheitsantwort 'Pestalozzischule' angegeben"), or further on in its sentence.
The answer is a capitalised word after a connector, or a quoted word: "my first pet was a dog" and a
sentence about a pet, with no bank nor security question in it, are stored.
"""

from __future__ import annotations

import re

from personakit_plugin.default_plugins.secrets.holders import SENTENCE_END
from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern

# The questions only security questions ask: their answer is a secret for a bank too.
_QUESTION = lazy_pattern(
    r"""\b(?:maiden[ ]name|first[ ](?:pet|school|car|teacher|street|job|boss)|(?:pet|dog|cat)['’]?s?[ ]name
    |m[äa]dchenname|geburtsname|erste[snmr]?[ ](?:haustier|schule|grundschule|auto|lehrer(?:in)?)
    |apellido[ ]de[ ]soltera|primer[oa]?[ ](?:mascota|colegio|escuela|coche|profesor(?:a)?)
    |nom[ ]de[ ]jeune[ ]fille
    |premi(?:er|[èe]re)[ ](?:animal|[ée]cole|voiture|professeur|ma[îi]tresse|institut(?:eur|rice))
    |(?:cognome|nome)[ ]da[ ]nubile|prim[oa][ ](?:animale|scuola|auto|insegnante|maestr[oa])
    |nome[ ]de[ ]solteira|primeir[oa][ ](?:animal|escola|carro|professor(?:a)?)
    |meisjesnaam|eerste[ ](?:huisdier|school|auto|leraar|juf|meester))\b""",
    re.IGNORECASE | re.VERBOSE,
)
# Questions whose answer is an ordinary fact ("my hometown is Leeds") unless a security question is named.
_FACT_QUESTION = lazy_pattern(
    r"""\b(?:(?:city|town|place)[ ]of[ ]birth|birth[ ]?(?:place|city|town)|home[ ]?town
    |favou?rite[ ](?:teacher|book|food)
    |geburtsort|ciudad[ ]natal|lugar[ ]de[ ]nacimiento|ville[ ]natale|lieu[ ]de[ ]naissance|citt[àa][ ]natale
    |luogo[ ]di[ ]nascita|cidade[ ]natal|terra[ ]natal|geboorteplaats|geboortestad)\b""",
    re.IGNORECASE | re.VERBOSE,
)
# What makes a question a security question: its name, or (for `_QUESTION`) a bank in the sentence.
_SECURITY_QUESTION = lazy_pattern(
    r"""\b(?:security[ ](?:questions?|answers?)|secret[ ](?:questions?|answers?)|memorable[ ](?:word|answer)
    |sicherheits(?:frage|antwort)\w*|geheimfrage\w*
    |(?:pregunta|respuesta)s?[ ](?:de[ ]seguridad|secreta)
    |(?:question|r[ée]ponse)s?[ ](?:secr[èe]te|de[ ]s[ée]curit[ée])
    |(?:domand|rispost)[ae][ ](?:di[ ]sicurezza|segret[ae])
    |(?:pergunta|resposta)s?[ ](?:de[ ]seguran[çc]a|secreta)
    |(?:beveiligings|veiligheids)vra(?:ag|gen)|(?:beveiligings|veiligheids)antwoord|geheime[ ]vraag
    |security[ ]qs?(?![\w&])|security[ ]sawal
    |(?:interac[ ])?e-?transfer[ ](?:security[ ])?(?:questions?|answers?))\b""",
    re.IGNORECASE | re.VERBOSE,
)
# Or the question is said to be asked, or its answer to be what one put in: "the first pet question",
# "the maiden name question at the phone company", "if they ask mother's maiden name", "that's what I put
# for PayPal", "the self service thing asks for mothers maiden name".
_ASKED_AS_A_QUESTION = lazy_pattern(
    r"""\b(?:maiden[ ]name|first[ ](?:pet|school|car|teacher|street|job|boss)|(?:pet|dog|cat)['’]?s?[ ]name)
    [ ]questions?\b
    |\b(?:if|when)[ ](?:they|it|the[ ](?:bank|site|app|helpline|form|phone[ ]company))[ ]asks?\b
    |\b(?:asks?|asking|asked)(?:[ ]for)?[ ](?:[\w'’]+[ ]){0,2}
    (?:maiden[ ]name|first[ ](?:pet|school|car|teacher|street|job|boss)|(?:pet|dog|cat)['’]?s?[ ]name)\b
    |\b(?:that['’]s|it['’]s|that[ ]is)[ ]what[ ]i[ ](?:put|use|used|gave|entered|typed)[ ](?:for|on|at|in)\b""",
    re.IGNORECASE | re.VERBOSE,
)
_BANK = lazy_pattern(
    r"\b(?:bank\w*|banco|banque|bancaire|banca|credit[ ]union|sparkasse|barclays|hsbc|lloyds|natwest|santander)\b",
    re.IGNORECASE,
)
# Whose answer it is, between the answer's word and the question's in the Romance languages: "la risposta di
# Chiara alla domanda ...", "la réponse de Camille à la question ...".
_OF_WHOM = r"(?:(?:di|de|da|do|du|del|della)[ ][\w-]+[ ])?"
# An answer's own label: its value may follow with no connector; whose it is may stand before the question
# ("the answer to Chloe's bank security question", "het antwoord op Pieters beveiligingsvraag").
_ANSWER_LABEL = lazy_pattern(
    rf"""\b(?:security[ ]answer|secret[ ]answer|memorable[ ](?:word|answer|phrase|name|place|date)
    |answer[ ]to[ ](?:the|my|your|her|his|their|our|a|an|[\w-]+['’]s)[ ](?:[\w-]+[ ]){{0,2}}
    (?:security|secret)[ ]question
    |antwort[ ]auf[ ](?:die|seine|ihre|meine|deine|[\w-]+s)[ ](?:sicherheits|geheim)frage
    |respuesta[ ]{_OF_WHOM}a[ ](?:la|su|mi|tu)[ ]pregunta[ ](?:de[ ]seguridad|secreta)
    |r[ée]ponse[ ]{_OF_WHOM}[àa][ ](?:la|sa|ma|ta|leur|notre|votre)[ ]question[ ](?:secr[èe]te|de[ ]s[ée]curit[ée])
    |risposta[ ]{_OF_WHOM}alla[ ](?:(?:sua|mia|tua)[ ])?domanda[ ](?:di[ ]sicurezza|segreta)
    |resposta[ ]{_OF_WHOM}[àa][ ](?:(?:sua|minha|tua)[ ])?pergunta[ ](?:de[ ]seguran[çc]a|secreta)
    |antwoord[ ]op[ ](?:de|zijn|haar|mijn|jouw|[\w-]+s)[ ](?:beveiligingsvraag|veiligheidsvraag|geheime[ ]vraag)
    |sicherheitsantwort|respuesta[ ](?:de[ ]seguridad|secreta)
    |r[ée]ponse[ ](?:secr[èe]te|de[ ]s[ée]curit[ée])|risposta[ ](?:di[ ]sicurezza|segreta)
    |resposta[ ](?:de[ ]seguran[çc]a|secreta)|beveiligingsantwoord|veiligheidsantwoord)\b""",
    re.IGNORECASE | re.VERBOSE,
)
# The answer: a capitalised word after a connector ("is Kowalczyk", "= Almeida", "se llamaba Canela"),
# or a quoted word.
# A title may stand before a name: "= Sr. Almeida", "is Mrs Hughes", a saint's before a place: "St Mary's Torquay",
# or a model's letters before its name: "VL Commodore", a school's before its place: "EP de Muahivire".
# A name may start with a short particle of its own: "Le Bihan", "Ní Bhriain", "De Boer", "Ó Sé", or with an
# article or a particle elided before it: "l'Échiquier", "d'Artagnan", "dell'Orso".
_PARTICLE = r"(?:Le|La|De|Da|Di|Du|Do|Dos|Das|Del|Van|Von|Vom|Ní|Nic|Ó|Ua|Mac|Mc|Al|El)"
_ELIDED = r"(?:[lLdD]|[dDnN]ell|[aA]ll)['’](?=[A-ZÄÖÜÀ-ÞĀ-Ž])"
_INITIALS = r"[A-Z]{2,3}\s+(?:(?:de|da|do|di|del)\s+)?(?=[A-Z][a-z])"
_TITLE = rf"(?:(?:Mr|Mrs|Ms|Dr|Sr|Sra|Hr|Fr|Mme|Sig|Dona|Dom|St|Ste)\.?\s+|{_INITIALS})?"
_CAPITALISED = rf"{_TITLE}(?:{_PARTICLE}\s(?=[A-ZÄÖÜÀ-ÞĀ-Ž])|{_ELIDED})?[A-ZÄÖÜÀ-ÞĀ-Ž][\w'’-]{{2,}}"
_QUOTED = r"""['"‘“„«][^\s'"‘’“”„«»]{3,}['"’”»]"""
# "its" without its apostrophe as chat types it, a dash between spaces, and the connectors of the languages owners
# mix in: Swahili's "ni" and "nilijibu" (I answered), Tagalog's "sagot ko" (my answer).
_CONNECTOR = r"""(?:\s(?:is|was|it['’]?s|ist|war|es|era|est|c['’]est|è|é|(?:was[ ])?(?:named|called)|hie(?:ß|ss)
    |hei(?:ß|ss)t|se[ ]llamaba|s['’]appelait|si[ ]chiamava|se[ ]chamava|heette|heet|answer|antwort|respuesta|r[ée]ponse
    |risposta|resposta|antwoord|ni|nilijibu|niliweka|sagot[ ]ko):?\s+|\s*(?:=|->|=>|→|:)\s*|\s+[—–-]\s+)"""
# Or a typed answer, letters and digits, as a password is typed: "first pet — sardinhaOtter47".
_TYPED = r"(?=[\w-]*\d)[^\W\d_][\w-]{5,}"
# Or a lower-case word with how it is typed after it, as one says an answer to be typed as it is: "first
# pet answer is biscuit all lowercase", "erstes Haustier: bello, alles klein", "primera mascota: canela en
# minúsculas".
_IN_LOWER_CASE = r"""(?i:(?:all[ ])?(?:lower[ -]?case|in[ ]lower[ -]?case|small[ ]letters|kleingeschrieben
    |alles[ ]klein|en[ ]min[úu]sculas?|en[ ]minuscules?|(?:tutto[ ])?(?:in[ ])?minuscol[oe]|em[ ]min[úu]sculas
    |(?:met[ ])?kleine[ ]letters))(?![^\W_])"""
_LOWERCASED = rf"""(?:\s(?:answer|antwort|respuesta|r[ée]ponse|risposta|resposta|antwoord))?{_CONNECTOR}
    [^\W\d_]{{3,}}[ ,(]+{_IN_LOWER_CASE}"""
# Or a pet's name after the kind of animal it was: "first pet was our dog Pepper", "was a hamster Nibbles".
_PET_NAMED = rf"""\s(?:was|is)\s(?:a|an|our|my|the)\s(?:(?:little|old|big|fat|grey|black|white)\s)?
    (?:dog|cat|hamster|rabbit|bunny|parrot|budgie|goldfish|fish|guinea[ ]pig|tortoise|turtle|pony|horse|mouse|rat
    |ferret|bird|puppy|kitten|canary|gerbil|lizard|snake)(?:\s(?:called|named))?\s{_CAPITALISED}"""
_ANSWER_AFTER = lazy_pattern(
    rf"""{_CONNECTOR}(?:{_CAPITALISED}|{_QUOTED}|{_TYPED})|\s+{_QUOTED}|{_LOWERCASED}|{_PET_NAMED}""", re.VERBOSE
)
# Right after an answer's own label, a quoted answer may hold spaces: 'security answer is "Umlazi Comtech"'.
_QUOTED_PHRASE = r"""["“„«][^"“”„«»\n]{3,40}["”»]"""
_ANSWER_RIGHT_AFTER = lazy_pattern(
    rf"""(?:{_CONNECTOR}|\s+)(?:{_CAPITALISED}|{_QUOTED})|{_CONNECTOR}{_QUOTED_PHRASE}""", re.VERBOSE
)
_WINDOW = 50
# Or, further on in the answer's own sentence, past what the question was about, a quoted phrase that asks nothing:
# 'the answer to my bank security question about my first car is "Buick LeSabre maroon"'.
_QUOTED_PHRASE_AFTER = lazy_pattern(rf"""{_CONNECTOR}(?P<answer>{_QUOTED_PHRASE})""", re.VERBOSE)


def _quoted_phrase_after(text: str, start: int) -> bool:
    window = text[start : start + 2 * _WINDOW]
    end = SENTENCE_END.search(window)
    said = _QUOTED_PHRASE_AFTER.search(window)
    return (
        said is not None
        and (end is None or said.start() <= end.start())
        and "?" not in said["answer"]
        and _NO_ANSWER.search(said["answer"]) is None
    )


# An aside in brackets of two words or more, which says what the question was, not its answer: "la question secrète
# (lieu des vacances d'enfance) est ...". Not one that gives the answer: "(answer I gave was 'civicblue')".
_ASIDE = lazy_pattern(
    r"""[ ]?\((?![^()\n]*(?:(?<![^\W\d_])['"‘“«]|answer|antwort|respuesta|r[ée]ponse|risposta|resposta|antwoord))
    [^()\n]{0,60}[ ][^()\n]{0,60}\)""",
    re.IGNORECASE | re.VERBOSE,
)


def _sentence_after(text: str, start: int) -> str:
    window = _ASIDE.sub("", text[start : start + 2 * _WINDOW])[:_WINDOW]
    end = SENTENCE_END.search(window)
    return window if end is None else window[: end.start()]


# After a security question named, the question itself and then its answer after a sign ("question
# secrète : ville natale de ma mère → Quimper", "pregunta secreta (nombre de mi abuela): Remedios"):
# the first colon after the name only opens the question, unless the question stood in brackets.
_SIGNED_ANSWER = lazy_pattern(rf"""\s*(?:=|->|=>|→|:)\s*(?:{_CAPITALISED}|{_QUOTED})""", re.VERBOSE)
_QUESTION_COLON = lazy_pattern(r"[^:()→=]{0,40}:")
_SIGNED_WINDOW = 90
_END_NOT_A_TITLE = lazy_pattern(
    r"(?<!Mr)(?<!Mrs)(?<!Ms)(?<!Dr)(?<!Sr)(?<!Sra)(?<!Hr)(?<!Fr)(?<!Mme)(?<!Sig)[.!?;]\s|\n"
)


# After the question that the colon opened, the answer may follow a comma ("domanda di sicurezza di Poste:
# nome della maestra, Signora Cuccurullo"); after a question in brackets, the answer may be in lower case, a
# word or three as one types them ("beveiligingsvraag (lievelingseten): stamppot boerenkool").
_COMMA_ANSWER = lazy_pattern(rf""",\s*(?:{_CAPITALISED}|{_QUOTED})""", re.VERBOSE)
_BRACKETED_QUESTION = lazy_pattern(
    r"""\s*\([^()\n]{3,40}\)\s*:\s*(?P<answer>[^\W\d_]{3,}(?:[ ][^\W\d_]{3,}){0,2})\s*(?:[.!;,]|$)"""
)
_NO_ANSWER = lazy_pattern(
    r"""\b(?:not|no|none|don['’]?t|can['’]?t|forgot|unknown|nicht|kein|keine|vergessen|pas|aucun|oubli[ée]|nada|olvid\w*
    |non|dimenticat\w*|n[ãa]o|esqueci|niet|geen|vergeten|weet|know|sure|idea|later)\b""",
    re.IGNORECASE | re.VERBOSE,
)
# After a security question named, its topic in a few words, then after a comma what one put in as its
# answer, as people say it: "security q is the street she grew up on, it's Marlowe Crescent", "Sicherheitsfrage
# erste Katze, hab Mimi eingetragen", "question secrète ville de naissance, j'ai mis Vannes". The words before
# the comma name what the question asks (a pet, a street, a school, a place of birth, a mother's name, a
# first of anything: "security question first concert, I put Oasis"), so
# "the security question thing is annoying, it's Monday again" is stored. Or what the form shows as the answer:
# "Sicherheitsfrage Name der ersten Schule, da steht Lindenschule".
_TOPIC_THEN_COMMA = lazy_pattern(
    r"""\s*(?:is|was|ist|war|es|era|est|è|é|is[ ]het|about|über|sobre|sur|su|over|=|:)?\s*
    (?P<topic>[^,.;:!?\n]{3,50}),""",
    re.IGNORECASE | re.VERBOSE,
)
_TOPIC = lazy_pattern(
    r"""(?<![^\W_])(?:(?<!at[ ])(?:first|erste[nmrs]?|primer[oa]?|premi(?:er|[èe]re)|prim[oa]|primeir[oa]|eerste)[ ]
    (?!(?:time|times|thing|things|of|step|steps|one|ones|mal|vez|fois|volta|volte|keer|aid|half|floor|round|place
    |prize|class)(?![^\W_]))[^\W\d_]{3,}
    |street|road|pet|dog|cat|school|teacher|car|truck|lorry|bike|city|town|born|mother|maiden|stra(?:ß|ss)e|haustier
    |hund|katze|schule|lehrer\w*|stadt|geboren|mutter|calle|mascota|perro|gato|colegio|escuela|ciudad|madre|naci
    |rue|animal|chien|chat|[ée]cole|ville|naissance|m[èe]re|via|cane|gatto|scuola|citt[àa]|madre|nat[oa]|rua|c[ãa]o
    |grand(?:mother|father|ma|pa|mothers|fathers)(?:['’]s)?|granny|nana|oma|opa|abuel[oa]|grand-m[èe]re
    |grand-p[èe]re|nonn[oa]|av[óô]|grootmoeder|grootvader
    |escola|cidade|m[ãa]e|straat|huisdier|hond|kat|school|stad|moeder|geboren
    |nickname|spitzname|apodo|mote|surnom|soprannome|apelido|alcunha|bijnaam)(?![^\W_])""",
    re.IGNORECASE | re.VERBOSE,
)
_COMMA_PUT = lazy_pattern(
    rf"""\s*(?i:it['’]?s|it[ ]is|that['’]s|i[ ](?:put|said|gave|answered|entered|used|typed|chose)
    |j['’]ai[ ](?:mis|dit|r[ée]pondu|[ée]crit)|c['’]est|ho[ ](?:messo|scritto|risposto)|[èe]|puse|pus|puso
    |escrib[ií]|respond[ií]|es|coloquei|escrevi|respondi|é)\s+(?:{_CAPITALISED}|{_QUOTED})
    |\s*(?i:da[ ]steht|steht[ ]da|l[àa][ ]il[ ]y[ ]a|ah[ií][ ]pone|l[àa][ ]diz)\s+(?:{_CAPITALISED}|{_QUOTED})
    |\s*(?i:hab|habe|heb)(?:[ ](?:ich|ik))?\s+(?:{_CAPITALISED}|{_QUOTED})(?:[ ][\w-]+)?[ ]
    (?:angegeben|eingegeben|eingetragen|genommen|geschrieben|gew[äa]hlt|ingevuld|opgegeven|ingetypt|gekozen)
    (?![^\W_])""",
    re.VERBOSE,
)


# Or, in the question's sentence after it, the answer's own word and the answer: "security question 'what cleans the
# ice', answer zamboni88", "Sicherheitsfrage ist die nach dem ersten Auto, Antwort: Käfer", "e-transfer question is
# the usual one and the answer is Maple". The answer is a name, a quoted word, a typed one or a word said to be typed in
# lower case ("the answer's in my notebook", "answer it later" are stored).
_ITS_ANSWER_WORD = lazy_pattern(
    rf"""(?<![^\W_])(?i:answer|antwort|respuesta|r[ée]ponse|risposta|resposta|antwoord)(?![^\W_])
    (?:\s(?i:is|was|ist|war|es|era|est|è|é|is[ ]het))?\s*:?\s+(?P<answer>{_CAPITALISED}|{_QUOTED}|{_TYPED}
    |[^\W\d_]{{3,}}(?=[ ,(]+{_IN_LOWER_CASE}))""",
    re.VERBOSE,
)


def _topic_then_answer(text: str, named: re.Match[str]) -> bool:
    topic = _TOPIC_THEN_COMMA.match(text, named.end())
    return (
        topic is not None
        and _TOPIC.search(topic["topic"]) is not None
        and _NO_ANSWER.search(topic["topic"]) is None
        and _COMMA_PUT.match(text, topic.end()) is not None
    )


# The question asked before its name, then the answer after the colon: "the street I grew up on, for the
# Chase security question: Marlowe Crescent".
_ASKED_BEFORE = 60


def _answer_after_its_question(text: str) -> bool:
    for named in _SECURITY_QUESTION.finditer(text):
        if _topic_then_answer(text, named):
            return True
        window = text[named.end() : named.end() + _SIGNED_WINDOW]
        end = _END_NOT_A_TITLE.search(window)
        window = window if end is None else window[: end.start()]
        bracketed = _BRACKETED_QUESTION.match(window)
        if bracketed is not None and _NO_ANSWER.search(bracketed["answer"]) is None:
            return True
        opening = _QUESTION_COLON.match(window)
        before = text[max(0, named.start() - _ASKED_BEFORE) : named.start()]
        asked_before = _QUESTION.search(before) or _FACT_QUESTION.search(before) or _CHILDHOOD.search(before)
        for sign in _SIGNED_ANSWER.finditer(window):
            if opening is not None and sign.start() < opening.end() and not asked_before:
                continue
            return True
        if opening is not None and _COMMA_ANSWER.search(window, opening.end()):
            return True
        for asked in (_ASKED_THEN_ANSWERED.match(text, named.end()), _QUESTION_THEN_PUT.match(text, named.end())):
            topic = "" if asked is None else asked["topic"]
            if asked is not None and _a_security_questions_topic(topic) and not _NO_ANSWER.search(topic):
                return True
        its_answer = _ITS_ANSWER_WORD.search(window)
        if its_answer is not None and _NO_ANSWER.search(its_answer["answer"]) is None:
            return True
        stated = _STATED_QUESTION.match(window)
        if stated is not None and _TOPIC.search(stated["topic"]) and _NO_ANSWER.search(stated["topic"]) is None:
            return True
    return False


# Or after its colon the question asked, its topic and a question mark, then the answer: "security sawal: favourite
# teacher? Master Rafiq sahib", "Sicherheitsfrage: erstes Haustier? Flocke"; or its topic, a full stop and what one
# answered: "secret question: grandmother's name. I answered Nana Ama".
# What one says of an answer one gave, in English: "I answered", "i put".
_I_PUT = r"(?i:i[ ](?:answered|put|said|wrote|typed|entered|chose|used|gave))"
_ASKED_THEN_ANSWERED = lazy_pattern(
    rf"""\s*:\s*(?P<topic>[^?:=→()\n.]{{3,40}})
    (?:\?\s*|\.\s*{_I_PUT}\s+)(?:{_CAPITALISED}|{_QUOTED})""",
    re.VERBOSE,
)


# Or the question asked right after its name, a full stop, then what one put in, perhaps a lower-case word said to be
# typed so: "that security question what was your first car. i put cutlass, no year, all lowercase".
_QUESTION_THEN_PUT = lazy_pattern(
    rf"""\s+(?P<topic>[^:.?!\n]{{3,50}})[.?]\s*{_I_PUT}\s+
    (?:{_CAPITALISED}|{_QUOTED}|{_TYPED}|[^\W\d_]{{3,}}(?=[^.\n]{{0,30}}{_IN_LOWER_CASE}))""",
    re.VERBOSE,
)


# A security question said to be its topic, with a verb, and then after a colon its answer, an article perhaps
# before a nickname: "la pregunta secreta es el apodo de mi abuelo: el Güero", "my secret question is grandad's
# nickname: Bunny". The topic must name what such a question asks ("la pregunta secreta es fácil: Juan lo sabe"
# is stored).
_STATED_QUESTION = lazy_pattern(
    rf"""\s*(?i:is|was|es|era|est|[ée]tait|ist|war|è|é|is[ ]het)\s+(?P<topic>[^:()→=\n]{{3,40}}):\s*
    (?:(?i:el|la|le|il|lo|o|a|der|die|das|the|de|het)\s)?(?:{_CAPITALISED}|{_QUOTED})""",
    re.VERBOSE,
)


# A security question quoted as the form words it, and what one put in as its answer: "for 'what street did
# you grow up on' i put Maplewood", "pour la question 'votre premier instituteur' j'ai mis Lefebvre", "bij
# 'in welke straat woonde je als kind' heb ik Lindelaan ingevuld". The quoted words ask what only such a
# question asks (`_QUESTION`, or where one grew up or met one's spouse; not a favourite book nor a city of
# birth, which other forms ask too), and a verb of putting in, right after the quote, leads to a
# capitalised word. An apostrophe within a word opens no quote ("Saima's answer to 'name of ...'").
_QUOTED_QUESTION = lazy_pattern(r"""(?<![^\W_])['"‘“„«](?P<question>[^'"’”»\n]{6,70})['"’”»]""")
_CHILDHOOD = lazy_pattern(
    r"""\b(?:grow[ ]up|grew[ ]up|as[ ]a[ ](?:kid|child)|meet[ ]your[ ](?:spouse|wife|husband|partner)|als[ ]kind
    |de[ ]ni[ñn][oa]|enfant|da[ ]bambin[oa]|de[ ]crian[çc]a)\b""",
    re.IGNORECASE | re.VERBOSE,
)
_PUT_IN = lazy_pattern(
    rf"""\s*,?\s*(?:[iI][ ](?:put|entered|typed|wrote|used|chose|picked)
    |j['’]ai[ ](?:mis|[ée]crit|tap[ée]|entr[ée]|r[ée]pondu)
    |ho[ ](?:messo|scritto|inserito)|escrevi|coloquei|pus|puse|escrib[ií]|respond[ií]|heb[ ]ik|hab[ ]ich|habe[ ]ich)
    \s+(?:{_CAPITALISED}|{_QUOTED})""",
    re.VERBOSE,
)
_PUTTING_IN = ("put", "entered", "typed", "wrote", "used", "chose", "picked", "j'ai", "j’ai", "ho ", "escrevi")
_PUTTING_IN_TOO = ("coloquei", "pus", "escrib", "respond", "heb ik", "hab ich", "habe ich")


# Or its answer named before the quoted question and given after it: "Lupita's answer to 'what was your
# first pet called?' is Chispita", "la respuesta de Lupita a '¿cómo se llamaba tu primera mascota?' es ...",
# "la réponse à « ville natale de votre père » c'est Roberval" (a city of birth too, quoted as the form asks it:
# an answer to a quoted question is one typed into a form).
_ANSWER_BEFORE = lazy_pattern(
    r"""(?<![^\W_])(?:answer|antwort|respuesta|r[ée]ponse|risposta|resposta|antwoord)(?![^\W_])[^'"‘“„«\n]{0,30}$""",
    re.IGNORECASE,
)
_ANSWER_GIVEN = lazy_pattern(rf"""{_CONNECTOR}(?:{_CAPITALISED}|{_QUOTED})""", re.VERBOSE)
_ANSWER_WORDS = ("answer", "antwort", "respuesta", "ponse", "risposta", "resposta", "antwoord")


def _quoted_question_answered(text: str) -> bool:
    for quoted in _QUOTED_QUESTION.finditer(text):
        question = quoted["question"]
        only_such_forms_ask = _QUESTION.search(question) or _CHILDHOOD.search(question)
        if only_such_forms_ask and _PUT_IN.match(text, quoted.end()):
            return True
        if (
            (only_such_forms_ask or _FACT_QUESTION.search(question))
            and _ANSWER_GIVEN.match(text, quoted.end())
            and _ANSWER_BEFORE.compiled.search(text, max(0, quoted.start() - 40), quoted.start())
        ):
            return True
    return False


# What every name of a security question holds (case-folded): a text with none is not read for one.
_QUESTION_WORDS = (
    *("security", "secret", "memorable", "sicherheits", "geheim", "pregunta", "respuesta", "question", "ponse"),
    *("domand", "rispost", "pergunta", "resposta", "beveiligings", "vraag"),
)


# A question only such forms ask written as the owner's note, its answer after it, and then that the answer is
# what one put in: "first teacher... Moreau, that's what I put", "barrio de la infancia: Pocitos, eso puse",
# "erstes Haustier? Flöckli. so hab ichs eingegeben", "city where my parents met = Lahore, that's the answer".
# The question names what such a question asks (`_TOPIC`, a neighbourhood or a childhood too) and opens the
# text; the answer is a name; what follows says it is the answer typed in, not a fact told ("first school:
# St Anne's, loved it" is stored).
_NOTED_QUESTION = lazy_pattern(
    rf"""^[ ]*(?P<question>[^\W\d_][^?:=→\n.…]{{2,49}}?)[ ]*(?:\?|:|=|->|=>|→|\.{{2,3}}|…)[ ]*
    (?:{_CAPITALISED}(?:[ ]{_CAPITALISED}){{0,2}}|{_QUOTED})[ ]*[,.;!–—-]?[ ]*
    (?i:that['’]?s[ ](?:the[ ]answer|what[ ]i[ ](?:put|used|gave|typed|entered))
    |(?:and[ ])?i[ ](?:put|typed|entered)[ ](?:that|it)
    |eso[ ](?:puse|es[ ]lo[ ]que[ ]puse|respond[ií])|es[ ]lo[ ]que[ ]puse|esa[ ]es[ ]la[ ]respuesta
    |(?:so|das)[ ]hab(?:e)?[ ]ich(?:['’]?s)?[ ](?:eingegeben|angegeben|eingetragen)
    |c['’]est[ ](?:ce[ ]que[ ]j['’]ai[ ]mis|la[ ]r[ée]ponse)|j['’]ai[ ]mis[ ](?:[çc]a|cela)
    |(?:ho[ ]messo[ ]quello|l['’]ho[ ]messo|[èe][ ]la[ ]risposta)
    |foi[ ]o[ ]que[ ](?:eu[ ])?(?:pus|coloquei)|(?:[ée][ ]a[ ]resposta)
    |dat[ ](?:heb[ ]ik[ ]ingevuld|is[ ]het[ ]antwoord))(?![^\W_])""",
    re.VERBOSE | re.MULTILINE,
)
_NOTED_TOPIC = lazy_pattern(
    r"""(?<![^\W_])(?:barrio|bairro|quartier|quartiere|wijk|viertel|neighbou?rhood|infancia|inf[âa]ncia|enfance
    |infanzia|kindheit|jeugd|childhood|parents[ ]met)(?![^\W_])""",
    re.IGNORECASE | re.VERBOSE,
)


# A question's topic in quotes, then what the owner put as its answer: "for the bank question 'first school' i put
# ecole ...", "the secret question was 'favorite teacher' and i answered ...", "per la domanda 'squadra del cuore' ho
# messo ...", "na pergunta 'primeiro mestre' coloquei ...". The topic is one a security question asks (`_TOPIC`,
# `_NOTED_TOPIC`, a favourite's): "for the exam question 'what is photosynthesis' i put chlorophyll" is no secret.
_QUOTED_QUESTION_ANSWERED = lazy_pattern(
    r"""(?<![^\W_])(?:question|pregunta|domanda|pergunta|frage|vraag)(?![^\W_])[^.\n'"‘“«]{0,20}?
    ['"‘“«](?P<topic>[^'"’”»\n]{3,40})['"’”»][^.\n]{0,20}?
    (?<![^\W_])(?:i[ ](?:put|answered|wrote|said|typed|entered|chose|used)|answered|ho[ ](?:messo|scritto|risposto)
    |(?:ich[ ])?(?:habe|hab)[ ](?:[^\W\d_]+[ ])?(?:eingegeben|geschrieben|angegeben)|coloquei|pus|respondi|escrevi
    |puse|respond[ií]|escrib[ií]|j['’]ai[ ](?:mis|r[ée]pondu|[ée]crit)
    |(?:heb[ ]ik|ik[ ]heb)[ ](?:[^\W\d_]+[ ])?ingevuld)
    (?![^\W_])[ ]*:?[ ]*[^\W_]""",
    re.IGNORECASE | re.VERBOSE,
)
_FAVOURITE = lazy_pattern(
    r"""(?<![^\W_])(?:favou?rite|fav|lieblings[^\W\d_]*|pr[ée]f[ée]r[ée]e?|preferid[oa]|favorit[oa]|preferit[oa]
    |del[ ]cuore|lievelings[^\W\d_]*|favoriete?)(?![^\W_])""",
    re.IGNORECASE | re.VERBOSE,
)


# Not a question of an exam, a quiz or a survey: "the quiz question 'favourite colour of the sky' i answered blue".
_EXAMS = r"""(?<![^\W_])(?:exam|quiz|test|survey|interview|trivia|homework|examen|pr[üu]fung|esame|prova|toets
    |enqu[êe]te|sondage|encuesta|concurso|inqu[ée]rito|umfrage)"""
_ASKED_ELSEWHERE = lazy_pattern(rf"""{_EXAMS}[^\W\d_]*[ ][^.\n]{{0,12}}$""", re.IGNORECASE | re.VERBOSE)


_QUESTION_WORDS_QUOTED = ("question", "pregunta", "domanda", "pergunta", "frage", "vraag")


# An answer's word, perhaps whose it is, then a question named by what it asks, then after a verb its answer:
# "Jolene's answer to the credit union question about her first tractor is "farmall cub"", "la respuesta de Luis
# Fernando a la pregunta de su primer perro es Lucero", "Kristofs antwoord op de vraag naar zijn favoriete
# voetbalclub is racinggenk88". The question asks what such questions ask (`_TOPIC`, `_NOTED_TOPIC`, a favourite's,
# where one's parents met), not an exam's or a quiz's; the answer ends its sentence: quoted, a name of four words at
# most, letters and digits, or one or two words in lower case that describe no answer and open no clause ("is
# simple", "is that I loved it": `_a_word_given`).
_ANSWER_TO_A_TOPIC = lazy_pattern(
    r"""(?<![^\W_])(?:answer|respuesta|r[ée]ponse|risposta|resposta|antwoord|antwort)(?![^\W_])
    (?P<before>[^.!?\n]{0,40}?)(?<![^\W_])(?:question|pregunta|domanda|pergunta|vraag|frage)(?![^\W_])
    (?P<topic>[^.!?\n]{3,70}?)[ ](?:is|was|es|era|[èée]|est|ist|war)[ ]
    (?P<answer>["“„«][^"“”„«»\n]{3,40}["”»]|(?-i:[A-ZÀ-ÞĀ-Ž])[\w'’-]*(?:[ ][\w'’-]+){0,3}
    |(?=[\w-]*\d)[^\W\d_][\w-]{3,}|(?P<lower>[^\W\d_]{3,})(?:[ ][^\W\d_]{2,})?)[ ]*(?:[.!?;,]|$)""",
    re.IGNORECASE | re.VERBOSE | re.MULTILINE,
)
_PARENTS_MET = lazy_pattern(
    r"""(?<![^\W_])(?:met|se[ ]conocieron|conosciuti|rencontr[ée]s|conheceram|kennengelernt|ontmoet|leren[ ]kennen)
    (?![^\W_])""",
    re.IGNORECASE | re.VERBOSE,
)
_AN_EXAM = lazy_pattern(_EXAMS, re.IGNORECASE | re.VERBOSE)


def _a_security_questions_topic(topic: str) -> bool:
    """Whether a question named by its topic, quoted or after "question", asks what security questions ask: a first, a
    pet, a street or a school (`_TOPIC`), a neighbourhood or a childhood (`_NOTED_TOPIC`), a favourite's, or where
    one's parents met."""
    return any(pattern.search(topic) for pattern in (_TOPIC, _NOTED_TOPIC, _FAVOURITE, _PARENTS_MET))


def _answer_to_a_topics_question(text: str) -> bool:
    for said in _ANSWER_TO_A_TOPIC.finditer(text):
        topic = said["topic"]
        if _AN_EXAM.search(said["before"]) or _AN_EXAM.search(topic) or _NO_ANSWER.search(said["answer"]):
            continue
        if said["lower"] and not _a_word_given(said["lower"]):
            continue
        if _a_security_questions_topic(topic):
            return True
    return False


def _topic_quoted_and_answered(text: str) -> bool:
    folded = text.casefold()
    if not any(map(folded.__contains__, _QUESTION_WORDS_QUOTED)):
        return False
    return any(
        _a_security_questions_topic(asked["topic"])
        and not _ASKED_ELSEWHERE.search(text[max(0, asked.start() - 30) : asked.start()])
        for asked in _QUOTED_QUESTION_ANSWERED.finditer(text)
    )


# A security question named, and after its colon the answer, a name explained after a comma ("domanda di
# sicurezza: Orlandino, il mio primo pupo", "security question: Biscuit, my first dog"); or the question's topic
# said before it, "as" the security question ("Grundschule als Sicherheitsfrage: Havelschule", "first car as my
# security question: Corsa"). Not the question itself after the colon ("security question: First pet, they
# ask it every time"): the answer's comma leads to whose or what it is.
_EXPLAINED_ANSWER = lazy_pattern(
    rf"""\s*:\s*{_CAPITALISED}[ ]*,[ ]*(?i:il[ ]mio|la[ ]mia|my|our|mon|ma|notre|mi|nuestro|nuestra|o[ ]meu|a[ ]minha
    |meu|minha|mein|meine|unser|unsere|mijn|onze)[ ](?P<whose>[^,.;:!?\n]{{3,30}})""",
    re.VERBOSE,
)
# What the comma leads to: a pet, a person of the family, or what such a question asks ("my first dog", "il mio
# criceto", "la mia nonna"); not "my least favourite day".
_PET_OR_KIN = lazy_pattern(
    r"""(?<![^\W_])(?:dog|cat|hamster|rabbit|pony|horse|parrot|budgie|fish|cane|gatto|criceto|coniglio|cavallo|perro
    |gato|conejo|caballo|chien|chat|lapin|cheval|hund|katze|kaninchen|pferd|hond|kat|konijn|paard|c[ãa]o|coelho
    |cavalo|grand\w*|gran|nan|nana|granny|nonn[oa]|abuel[oa]|av[óô]|opa|oma|grootvader|grootmoeder|uncle|aunt|zi[oa]
    |t[ií][oa]|oncle|tante|onkel|oom|pupo|pupa|teacher|maestr[oa]|profesor[a]?|professeur|lehrer\w*|leraar|juf)
    (?![^\W_])""",
    re.IGNORECASE | re.VERBOSE,
)
_TOPIC_AS_THE_QUESTION = lazy_pattern(
    r"""(?<![^\W_])[^\W\d_]{3,}[ ](?:als|as|como|comme|come)[ ]
    (?:(?:the|my|a|die|meine|la|mi|ma|il|mia|de|mijn)[ ])?$""",
    re.IGNORECASE | re.VERBOSE,
)
_ANSWER_ENDING = lazy_pattern(rf"""\s*:\s*{_CAPITALISED}[ ]*(?:[.,;!]|$)""", re.VERBOSE | re.MULTILINE)


def _explained_answer(text: str) -> bool:
    for named in _SECURITY_QUESTION.finditer(text):
        explained = _EXPLAINED_ANSWER.match(text, named.end())
        if explained is not None and (_PET_OR_KIN.search(explained["whose"]) or _TOPIC.search(explained["whose"])):
            return True
        before = text[max(0, named.start() - 40) : named.start()]
        if _TOPIC_AS_THE_QUESTION.search(before) and _ANSWER_ENDING.match(text, named.end()):
            return True
    return False


# A security question named, its topic right after it (what such a question asks, or a person of the family),
# then a sign and a name that ends its clause: "Sicherheitsfrage erster Lehrer - Brandstetter (streng war er)",
# "pregunta de seguridad nombre del abuelo: Anselmo". Not a topic that is none ("security question thing: Monday
# again, sigh" names no topic) nor words after the name ("security question grandma: Rose knows it").
_TOPIC_SIGNED = lazy_pattern(
    rf"""[ ]*(?P<topic>[^\W\d_][^:=→()\n.,;!?–—]{{2,40}}?)[ ]*(?::|=|->|=>|→|[ ][-–—][ ])[ ]*
    {_CAPITALISED}[ ]*(?:[.,;!(]|$)""",
    re.VERBOSE | re.MULTILINE,
)


def _topic_signed_answer(text: str) -> bool:
    for named in _SECURITY_QUESTION.finditer(text):
        signed = _TOPIC_SIGNED.match(text, named.end())
        if (
            signed is not None
            and (_TOPIC.search(signed["topic"]) or _PET_OR_KIN.search(signed["topic"]))
            and _NO_ANSWER.search(signed["topic"]) is None
        ):
            return True
    return False


# A question only such forms ask said with "answer" after it, and the answer: "first pet answer is Rufus",
# "maiden name answer: Okafor".
_ANSWER_NAMED = lazy_pattern(
    rf"""\s(?:answer|antwort|respuesta|r[ée]ponse|risposta|resposta|antwoord)
    (?:\s(?:is|was|ist|war|es|era|est|è|é)\s+|\s*[:=]\s*)(?:{_CAPITALISED}|{_QUOTED})""",
    re.VERBOSE,
)
# A first of one's own noted as a form's line, an equals sign and the name alone, a line of its own: "first
# street = Birchwood", "erstes Pony = Flocke". Not a first that is a plan's or a name's ("first stop = Paris",
# "first name = Anna").
_FIRST_EQUALS = lazy_pattern(
    rf"""^[ ]*(?:(?i:my|mein|meine|mi|mon|ma|il[ ]mio|la[ ]mia|o[ ]meu|a[ ]minha|mijn)[ ])?
    (?i:first|erste[nmrs]?|primer[oa]?|premi(?:er|[èe]re)|prim[oa]|primeir[oa]|eerste)[ ]
    (?!(?i:time|times|thing|things|of|step|steps|one|ones|mal|vez|fois|volta|volte|keer|aid|half|floor|round|place
    |prize|class|name|names|nombre|nom|nome|naam|vorname|day|days|week|month|year|stop|leg|line|page|draft|option
    |choice|try|attempt|half|course|lesson|game|match|song|episode|chapter|word|letter|date|payment|rate)(?![^\W_]))
    [^\W\d_]{{3,}}[ ]*=[ ]*{_CAPITALISED}(?:[ ]{_CAPITALISED})?[ ]*[.!]?[ ]*$""",
    re.VERBOSE | re.MULTILINE,
)

# A security question's topic noted with "q", "qn" or "answer" for the question, then its answer after a sign
# or, after "q", a space, as chat types it: "security q nickname = kimo", "fav food q escabeche", "grandma
# village qn = vigoste", "first phone q - nokia 1100", "fav teacher answer: co lan". Not a question one asks
# ("my first q for the interview", "fav q about it is"), nor an answer without its sign ("first answer is no").
_QUESTION_SHORTHAND = lazy_pattern(
    r"""(?<![^\W_])(?:fav(?:ou?rite)?|first|1st|childhood|security|secret|mother['’]?s?|maiden|grandma|grandpa|granny
    |uncle|aunt|teacher|pet)(?![^\W_])[^\S\n]?[\w ]{0,30}?[ ]
    (?:(?:q|qn)(?:[ ]*[=:–-][ ]*|[ ](?!(?:for|about|is|was|to|on|in|of|at|if|and|or|the|a|an|i|we|you)(?![^\W_])))
    |(?:answer|ans)[ ]*[=:–-][ ]*)[^\W_]""",
    re.IGNORECASE | re.VERBOSE,
)


def _noted_question_answered(text: str) -> bool:
    return any(
        _NO_ANSWER.search(noted["question"]) is None
        and (
            _TOPIC.search(noted["question"]) is not None
            or _QUESTION.search(noted["question"]) is not None
            or _FACT_QUESTION.search(noted["question"]) is not None
            or _NOTED_TOPIC.search(noted["question"]) is not None
        )
        for noted in _NOTED_QUESTION.finditer(text)
    )


# A pet's name, a first animal's, a maiden name or where a parent was born, asked as on a form and answered, as
# a note that opens the text: "first pet? Bingo, the dog in Enugu", "erstes Haustier? Flöckli.", "primera
# mascota? Canela", "onde a mãe nasceu? Maringá". Other firsts (a car, a job) are facts told ("first car? Fiat,
# a red one"), and so is where one was born oneself.
# The article or whose question it is that may open such a note.
_NOTE_OPENING = r"""^[ ]*(?:(?i:my|your|mum['’]s|mom['’]s|mother['’]s|mein|dein|mi|tu|mon|ton|il[ ]mio|o[ ]meu|mijn
    |the|la|il|el|le|o|a|de|het|der|die|das)[ ])?"""
# The questions only such forms ask whose answer is a name.
_FORM_QUESTION = r"""(?i:first[ ]pet|(?:pet|dog|cat)['’]?s?[ ]name|maiden[ ]name|erste[sr]?[ ]haustier|m[äa]dchenname
    |primera[ ]mascota|apellido[ ]de[ ]soltera|premier[ ]animal(?:[ ]de[ ]compagnie)?|nom[ ]de[ ]jeune[ ]fille
    |primo[ ]animale|(?:cognome|nome)[ ]da[ ]nubile|primeiro[ ]animal|nome[ ]de[ ]solteira|eerste[ ]huisdier
    |meisjesnaam
    |first[ ](?:dog|cat|hamster|rabbit|pony|horse|goat|bird|parrot)|erste[rs]?[ ](?:hund|katze|hamster|kaninchen|pferd)
    |primer[oa]?[ ](?:perro|gato|cabra)|premi(?:er|[èe]re)[ ](?:chien|chat|ch[èe]vre)
    |prim[oa][ ](?:cane|gatto|capra|criceto|coniglio)|primeir[oa][ ](?:c[ãa]o|gato|cachorro|cabra)
    |eerste[ ](?:hond|kat|geit|konijn)
    |(?:father|mother|mum|mom|dad)['’]s[ ](?:birthplace|birth[ ]?town|home[ ]?town)
    |where[ ](?:my[ ])?(?:mum|mom|mother|dad|father)[ ]was[ ]born
    |onde[ ](?:a[ ]|o[ ])?(?:m[ãa]e|mam[ãa]e|pai|papai)[ ]nasceu
    |d[óo]nde[ ]naci[óo][ ](?:mi[ ]|tu[ ])?(?:madre|padre|mam[áa]|pap[áa])
    |geburtsort[ ](?:der[ ]mutter|des[ ]vaters|von[ ](?:mama|papa))
    |dove[ ][èe][ ]nat[oa][ ](?:mia|tua|mio|tuo)[ ](?:madre|padre|mamma|pap[àa])
    |waar[ ](?:is[ ])?(?:mijn[ ])?(?:moeder|vader|mama|papa)[ ]geboren)"""
_ASKED_PET_OR_MAIDEN_NAME = lazy_pattern(
    rf"""{_NOTE_OPENING}{_FORM_QUESTION}[ ]?\?[ ]*(?:{_CAPITALISED}|{_QUOTED})[ ]*(?:[.,;!]|$)""",
    re.VERBOSE | re.MULTILINE,
)
# Or such a question, a mother's maiden name, the street one grew up on or one's primary school, and after its
# colon a name that ends the note, as a form's line is copied: "meisjesnaam moeder: Vandenbussche", "street I
# grew up on: Pulaski Street", "father's birthplace: Rajgurunagar". Not a name with more after it ("first
# school: St Anne's, loved it there"), nor where one was born oneself.
_FORM_LINE = lazy_pattern(
    rf"""{_NOTE_OPENING}(?:{_FORM_QUESTION}
    |(?i:(?:the[ ])?street[ ](?:i|we)[ ]grew[ ]up[ ]on|escola[ ]prim[áa]ria|escuela[ ]primaria|primary[ ]school
    |grundschule|[ée]cole[ ]primaire|scuola[ ]elementare|basisschool))
    (?i:[ ](?:moeder|mother|mum|mom|mutter|madre|m[èe]re|m[ãa]e|van[ ]mijn[ ]moeder|der[ ]mutter|de[ ]ma[ ]m[èe]re))?
    [ ]?:[ ]*{_CAPITALISED}(?:[ ](?:{_CAPITALISED}|de|da|do|del|van|von|di|du|la|le)){{0,4}}[ ]*[.!]?[ ]*$""",
    re.VERBOSE | re.MULTILINE,
)


# A bank's memorable word in lower case, a single word that ends its clause, perhaps after what it is for:
# "memorable word for the bank is harbourlight, they ask for letters of it" (not "the most memorable word
# in the speech was freedom"). Not a word that says how it is ("is forgotten", "is
# case-sensitive", "is different"): no ending of a participle or an adjective, none of `_NOT_A_WORD_GIVEN`.
_MEMORABLE_LOWER = lazy_pattern(
    r"""(?<!most[ ])(?<!least[ ])(?<!\b[Aa][ ])\bmemorable[ ](?:word|answer)\b
    (?:[ ](?:for|at|with|on)[ ][^.,;:!?\n]{1,25}?)?[ ]?(?:is|was|it['’]s|=|:)[ ]+
    (?P<word>[a-z]{6,20})(?=[ ]*(?:[.,;!?]|$))""",
    re.IGNORECASE | re.VERBOSE,
)
# Or a lower-case answer after an answer's own label, to the end of its clause, where the question's topic stands
# between them or the label is an e-Transfer's: "security answer for "first car" is rusty s10", "the answer to
# Harjit's Interac e-Transfer question is ludhiana", "the answer to Kelsey's Interac e-Transfer to her landlord is
# perogies2024" (an e-Transfer's question guards the money sent, as a bank's guards the account); not "the security
# answer is case sensitive".
_LABELLED_LOWER = lazy_pattern(
    r"""\b(?:security[ ]answer|secret[ ]answer|(?P<transfer>(?:interac[ ])?e-?transfer[ ]answer)
    |answer[ ]to[ ](?:the|my|your|her|his|their|our|[\w-]+['’]s)[ ]
    (?:[\w-]+[ ]){0,2}?(?:(?:security|secret)[ ]question|(?P<transfer_question>e-?transfer(?:[ ]question)?)))
    (?P<topic>[ ](?:for|at|with|on|to)[ ][^.,;:!?\n]{1,25}?|[ ]["“‘][^"”’\n]{3,40}["”’])?[ ]?(?:is|was|it['’]s|=|:)[ ]+
    (?P<word>[a-z][a-z0-9'’]{2,19})(?:[ ][a-z0-9]{1,10}){0,2}(?=[ ]*(?:[.,;!?]|$))""",
    re.IGNORECASE | re.VERBOSE,
)
_NOT_A_WORD_GIVEN = frozenset(
    """forgotten different required needed missing locked correct invalid incorrect expired blocked important
    optional useless annoying something anything nothing written secret private unknown mandatory sensitive
    enough simple secure strong unique easy hard wrong right obvious silly stupid weird long short same blank the
    my his her their our your not still also just saved stored case lost hidden gone empty fine okay good bad weak
    personal confidential encrypted there here below above attached visible ready done tricky that because yes very
    too que porque che perché dass weil dat omdat parce""".split()
)
_DESCRIBING_ENDINGS = ("ed", "ing", "ble", "ful", "less", "ous", "ive", "ent", "ant")


def _a_word_given(word: str) -> bool:
    """Whether a lower-case word after an answer's label is the answer, not what describes it ("is simple",
    "is forgotten", "is case sensitive") nor the start of a clause ("is that ...")."""
    return word.casefold() not in _NOT_A_WORD_GIVEN and not word.endswith(_DESCRIBING_ENDINGS)


def _memorable_word_in_lower_case(text: str) -> bool:
    labelled = (
        match
        for match in _LABELLED_LOWER.finditer(text)
        if match["topic"] or match["transfer"] or match["transfer_question"]
    )
    return any(_a_word_given(match["word"]) for match in (*_MEMORABLE_LOWER.finditer(text), *labelled))


# A money transfer's test question, whose answer collects the money with the transfer's number: 'the Western Union
# MTCN ... with the test answer "adobo"', "mtcn 4829173604 test question answer adobo".
_TRANSFER_SERVICES = ("mtcn", "western union", "moneygram", "money gram", "ria money", "remitly", "worldremit")
_TEST_ANSWER = lazy_pattern(
    r"""(?<![^\W_])test[ ](?:question[ ])?answer(?:[ ](?:is|was|=))?[ ]*:?[ ]*["“'‘]?(?P<answer>[^\W\d_]{3,})""",
    re.IGNORECASE,
)
# Or a transfer named in its own words, and the answer to "the question" a name: "pour le transfert de tata, la
# réponse à la question c'est Adjoa", "for the transfer to my brother the answer to the question is Kwame"; not a
# quiz's question (a transfer's own "test question" is no exam's).
_A_TRANSFER = lazy_pattern(
    r"""(?<![^\W_])(?:transfert|transfer|transferencia|trasferimento|transfer[êe]ncia|overboeking|[üu]berweisung
    |envoi|env[íi]o|remesa|remessa)(?![^\W_])""",
    re.IGNORECASE | re.VERBOSE,
)
_THE_QUESTIONS_ANSWER = lazy_pattern(
    rf"""(?<![^\W_])(?i:answer[ ]to[ ]the[ ]question|r[ée]ponse[ ][àa][ ]la[ ]question|respuesta[ ]a[ ]la[ ]pregunta
    |risposta[ ]alla[ ]domanda|resposta[ ][àa][ ]pergunta|antwoord[ ]op[ ]de[ ]vraag|antwort[ ]auf[ ]die[ ]frage)
    {_CONNECTOR}{_CAPITALISED}""",
    re.VERBOSE,
)


def security_answer(text: str) -> bool:
    """Whether `text` answers a security question, named as one or for a bank or a money transfer."""
    folded = text.casefold()
    if any(map(folded.__contains__, _TRANSFER_SERVICES)) and any(
        _NO_ANSWER.fullmatch(said["answer"]) is None for said in _TEST_ANSWER.finditer(text)
    ):
        return True
    if (
        _A_TRANSFER.search(text)
        and _THE_QUESTIONS_ANSWER.search(text)
        and all(exam.group().casefold() == "test" for exam in _AN_EXAM.finditer(text))
    ):
        return True
    if any(map(folded.__contains__, _QUESTION_WORDS)) and _answer_after_its_question(text):
        return True
    if any(map(folded.__contains__, (*_PUTTING_IN, *_PUTTING_IN_TOO, *_ANSWER_WORDS))) and _quoted_question_answered(
        text
    ):
        return True
    if "question" in folded and _TOPIC_QUESTION_ANSWERED.search(text):
        return True
    if any(map(folded.__contains__, ("asked", "asks", "wanted", "wants"))) and _asked_then_put(text):
        return True
    if any(map(folded.__contains__, (*_PUTTING_IN, *_PUTTING_IN_TOO, "want"))) and _put_for_its_topic(text):
        return True
    if any(map(folded.__contains__, ("memorable", "answer"))) and _memorable_word_in_lower_case(text):
        return True
    if _noted_question_answered(text) or _ASKED_PET_OR_MAIDEN_NAME.search(text) or _FORM_LINE.search(text):
        return True
    if any(map(folded.__contains__, _QUESTION_WORDS)) and (_explained_answer(text) or _topic_signed_answer(text)):
        return True
    if "=" in text and _FIRST_EQUALS.search(text):
        return True
    if _QUESTION_SHORTHAND.search(text) or _topic_quoted_and_answered(text):
        return True
    if any(map(folded.__contains__, _ANSWER_WORDS)) and _answer_to_a_topics_question(text):
        return True
    for answer in _ANSWER_LABEL.finditer(text):
        if _ANSWER_RIGHT_AFTER.match(text, answer.end()) or _ANSWER_AFTER.search(_sentence_after(text, answer.end())):
            return True
        if _quoted_phrase_after(text, answer.end()):
            return True
    for question in _QUESTION.finditer(text):
        if _ANSWER_NAMED.match(text, question.end()):
            return True
        after = _sentence_after(text, question.end())
        if (_ANSWER_AFTER.search(after) or _COMMA_NAME.match(after)) and (
            _SECURITY_QUESTION.search(text) or _BANK.search(text) or _ASKED_AS_A_QUESTION.search(text)
        ):
            return True
    for question in _FACT_QUESTION.finditer(text):
        if _ANSWER_AFTER.search(_sentence_after(text, question.end())) and (
            _SECURITY_QUESTION.search(text) or (_A_QUESTION_AFTER.match(text, question.end()) and _BANK.search(text))
        ):
            return True
    return False


# Or after a comma, a name alone that ends its clause: "if the bank asks the security question it's my
# mother's maiden name, Mulcahy." (not "my mother's maiden name, Birth certificate and passport"), perhaps
# after "it's": "the bank wants my mother's maiden name, it's De Groot.".
_COMMA_NAME = lazy_pattern(
    rf""",[ ]*(?:(?:it|that)['’]?s[ ]|c['’]est[ ])?(?:{_CAPITALISED}|{_QUOTED})[ ]*(?:[.,;!?]|$)""", re.VERBOSE
)


# A question's topic, the word "question", then its answer, a name that ends its line or clause, after a dash,
# an arrow, "its" or what one put in, as a note to self: "first car question - Vauxhall Nova", "favourite
# singer question its Tom Jones", "first gig question = Metallica", "favourite teacher question, I put Mr Van
# Wyk"; or a word typed with digits in it, as a band's or a password's: "first album question → blink182".
# The firsts are one's own, that only such a question asks (not "first aid question, I put Bandage" nor "first
# interview question → Tell me about yourself"). Not a question's topic with a lower-case word after it
# ("first car question - no idea").
_TOPIC_QUESTION_ANSWERED = lazy_pattern(
    rf"""(?i:\b(?:maiden[ ]name|first[ ](?:pet|school|car|teacher|street|job|boss|concert|gig|album|record|kiss
    |crush|employer|manager|girlfriend|boyfriend|best[ ]friend)|(?:pet|dog|cat)['’]?s?[ ]name
    |favou?rite[ ][a-z]{{3,15}})[ ]question[ ]*(?:[-–—:=→][ ]*|(?:it['’]?s|is)[ ]+
    |,[ ]*i[ ](?:put|wrote|typed|entered|used|chose|picked)[ ]+))
    (?:{_CAPITALISED}(?:[ ]{_CAPITALISED}){{0,2}}[ ]*(?:[.,;!?\n]|$)|(?=[a-z]*\d)[a-z][a-z\d]{{2,}}(?![^\W_]))""",
    re.VERBOSE,
)
# A question asked of the owner by whoever asks (they, a bank, a site, an app, a form), what only security
# questions ask (a mother's maiden name, a first pet; a street, a school, a teacher or a friend where one grew
# up), then after a comma what one put in, a verb of typing into a form: "the bank asked what street I grew up
# on, I typed Kloof Street", "they asked my mother's maiden name, I put Naidoo". Not a street one lives on now,
# nor what one said in talk ("they asked where I grew up, I said Durban"), nor a quiz's question ("the quiz
# asked what street the Beatles grew up on, I put Penny Lane").
_ASKED_THEN_PUT = lazy_pattern(
    rf"""\b(?i:they|it|the[ ](?:bank|site|website|app|form|helpline|phone[ ]company))[ ]
    (?i:asked|asks|wanted|wants)(?:[ ](?i:me|for|us))?[ ](?P<question>[^,.;:!?\n]{{6,60}}),[ ]*
    (?i:i)[ ](?i:put|typed|entered|wrote|chose|picked)[ ]+(?:{_CAPITALISED}|{_QUOTED})""",
    re.VERBOSE,
)
_GREW_UP = lazy_pattern(
    r"""\b(?:i|we)[ ](?:grew[ ]up|was[ ]a[ ]kid|went[ ]to[ ]school)\b.*\b(?:street|road|school|teacher|friend|pet)\b
    |\b(?:street|road|school|teacher|friend|pet)\b.*\b(?:i|we)[ ](?:grew[ ]up|was[ ]a[ ]kid)\b""",
    re.IGNORECASE | re.VERBOSE,
)


def _asked_then_put(text: str) -> bool:
    return any(
        _QUESTION.search(asked["question"]) or _GREW_UP.search(asked["question"])
        for asked in _ASKED_THEN_PUT.finditer(text)
    )


# A question's topic said as a question of the bank's: "favourite teacher question at Barclays = ...".
_A_QUESTION_AFTER = lazy_pattern(r"[ ](?:question|frage|pregunta|question|domanda|pergunta|vraag)\b", re.IGNORECASE)


# What one put in as the answer for a question's topic, the topic after "as" or "for" or said to be the question,
# then a verb of putting in (or what they want) and a name that ends the text or its clause: "for mum's maiden
# name they want Nakamura", "as my first pet I put Biscuit", "come primo animale ho messo Fufi", "la question
# c'était mon surnom d'enfance, j'ai mis Titi", "for the what primary school question I put Hillcrest". The topic
# is what only such a question asks (`_QUESTION`), or a topic of one (`_TOPIC`) named a question or said to be of
# one's childhood; not an address, a form's other fields nor a quiz's question ("for the street I put Main
# Street", "for the city I put Leeds, then the postcode", "la question c'était la ville, j'ai mis Lyon").
_PUT_FOR_TOPIC = lazy_pattern(
    rf"""(?:(?<![^\W_])(?i:as|for|como|para|comme|pour|come|per|als|voor|f[üu]r)
    |(?i:question|frage|pregunta|domanda|pergunta|vraag)[ ]+
    (?i:was|is|c['’]est|c['’][ée]tait|[ée]tait|era|war|es|[èe]|é))
    [ ](?P<topic>[^,.;:!?\n]{{3,50}}?)[ ]*,?[ ]*
    (?i:i[ ](?:put|entered|typed|wrote|chose|picked)|they[ ](?:want|wanted)|j['’]ai[ ](?:mis|[ée]crit|tap[ée])
    |ho[ ](?:messo|scritto|inserito)|puse|escrib[ií]|coloquei|pus|escrevi|heb[ ]ik|hab[ ]ich|habe[ ]ich)[ ]+
    (?:{_CAPITALISED}(?:[ ]{_CAPITALISED}){{0,2}}|{_QUOTED})(?:[ ](?i:ingevuld|eingegeben|eingetragen|angegeben))?
    [ ]*(?:[.,;!?\n]|$)""",
    re.VERBOSE,
)
_CHILDHOOD_OR_QUESTION = lazy_pattern(
    r"""\b(?:childhood|kindheit|infancia|ni[ñn]ez|enfance|infanzia|inf[âa]ncia|jeugd|kindertijd)\b
    |\bquestion\b|\bfrage\b|\bpregunta\b|\bdomanda\b|\bpergunta\b|\bvraag\b""",
    re.IGNORECASE | re.VERBOSE,
)


def _put_for_its_topic(text: str) -> bool:
    return any(
        _QUESTION.search(put["topic"]) or (_TOPIC.search(put["topic"]) and _CHILDHOOD_OR_QUESTION.search(put["topic"]))
        for put in _PUT_FOR_TOPIC.finditer(text)
    )
