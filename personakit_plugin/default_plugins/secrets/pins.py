"""PINs and the codes of doors, alarms, safes and locks, after their label or before it; the shapes only
a lock's code has (a dial, a keypad, what a lock opens with) are in `lock_codes`."""

from __future__ import annotations

import re

from personakit_plugin.default_plugins.secrets.labels import (
    CLAUSE,
    CONNECTOR_OR_COLON,
    VALUE_FIRST_JOIN,
    fills_its_line,
    labelled,
    said_in_general,
)
from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern
from personakit_plugin.default_plugins.secrets.lock_codes import (
    ALARM,
    DIAL,
    OPENS_WITH,
    OTHER_CODES,
    alarm_code_ends,
    names_a_locked_thing_in,
    said_of_before,
)
from personakit_plugin.default_plugins.secrets.postal_pins import number_that_is_no_pin, polish_tax_number
from personakit_plugin.default_plugins.secrets.vocabulary import names_a_locked_thing
from personakit_plugin.default_plugins.secrets.years import YEAR

# --- PINs and the codes of doors, alarms and safes ----------------------------------------------

# Labels that name a PIN or a lock's code by themselves; the value may follow with no verb: "PIN 4821".
_PIN_LABEL = r"""(?:\b(?:pin[12]?(?:[ -]?(?:code|number|nummer|nr\.?|no\.?))?|puk[12]?|cvv2?|cvc2?|csc|pass[ -]?code
    |pincode|cryptogramme(?:[ ]visuel)?
    |(?:door|gate|alarm|safe|garage|keypad|entry|entrance|access|lock|locker|padlock|lockbox|key[ -]?safe|key[ -]?box
       |security|unlock|mailbox|intercom|buzzer|immobili[sz]er|voicemail|nuki|smart[ -]?lock)
       [ -]?(?:code|pin|combination|combo)
    |(?:safe|lock|padlock|locker|suitcase|luggage)[ -]combination|combination[ -]lock
    |geheimzahl|geheimnummer|torcode|digicode|code[ ](?:pin|secret|confidentiel|d['’]acc[eè]s|d['’]entr[ée]e)
    |code[ ]de[ ](?:la|ma|ta|sa|notre|votre)[ ](?:cb|carte[ ]bleue)(?![\w-])
    |c[oó]digo[ ](?:pin|secreto|de[ ]acceso|de[ ]acesso)|n[uú]mero[ ]secreto
    |codice[ ](?:pin|segreto|di[ ]accesso|dispositivo)
    |clave[ ](?:de[ ]acceso|de[ ]firma|de[ ]operaciones)
    |toegangscode|deurcode|kluiscode|cijfercode|tresorkombination|zahlenschloss(?:code|kombination)?
    |code[ ]parental|c[oó]digo[ ]parental|codice[ ](?:parentale|genitori)|parental[ ](?:control[ ])?(?:code|pin)
    |jugendschutz-?(?:pin|code)|kinderslot-?code
    |personal[ ](?:code|pin)|code[ ]personnel|persönliche[rn]?[ ](?:code|pin)|c[oó]digo[ ](?:personal|pessoal)
    |codice[ ]personale|persoonlijke[ ](?:code|pincode)
    |(?:photo)?copier[ -]?(?:code|pin)
    |code[ ](?:de[ ]la[ ]|du[ ]|de[ ]l['’])?(?:photocopieuse|copieuse|photocopieur|copieur|imprimante)
    |kopierer-?(?:code|pin)|c[oó]digo[ ](?:de[ ]la[ ]|da[ ])?(?:fotocopiadora|impresora|impressora)
    |codice[ ](?:della[ ])?(?:fotocopiatrice|stampante)|kopieer-?code|kopieerpas-?code)
    |(?:tür|tor|alarm|tresor|safe|zugangs|sicherheits|zahlen|schloss|garagen|briefkasten|spind|bankomat
    |bankomatkarten|handy|entsperr|managers?)[ -]?code
    |(?:code|codice|c[oó]digo|pin)[ ](?:itsme|poste[ ]?id|spid|digid|bankid|mitid|nemid|cl@ve|franceconnect)
    (?:[ ](?:de|di|da|van)[ ](?-i:[A-Z])[\w'’-]+|[ ]d['’](?-i:[A-Z])[\w'’-]+)?
    |(?:itsme|poste[ ]?id|digid|bankid|mitid|nemid)[ -]?(?:code|codice|pin|kode|kod))"""
# Labels that need a verb or a sign before the value: "a senha é 4821", "la clave del cajero es 4821",
# "el NIP de la tarjeta es 4821" (a PIN in Mexico and Quebec), "the console's passkey is 4821" (a PIN on an
# Xbox or for pairing: a sign-in passkey has no digits to say),
# "the padlock on the shed is 4-7-2", "phone unlock is 4821".
_PIN_WORD = r"""\b(?:senha|clave|nip|pass-?keys?|padlock|lockbox|key[ ]?safe|key[ ]?box|bike[ ]lock
    |(?:cycle|bicycle|container|shed|storage|chain|cable|luggage|suitcase|trunk|gym)[ ]lock
    |combination[ ]lock|cadenas|candado|lucchetto|cadeado|hangslot|vorhängeschloss|fahrradschloss|codeslot|cijferslot
    |combinatieslot|zahlenschloss|kombinationsschloss
    |(?:phone|screen|iphone|android|tablet|ipad|laptop|sim|handy)[ -](?:un)?lock)"""
# A lock that opens with a number, and the number after a comma or "with": "ein Zahlenschloss mit 2884", "so
# ein Zahlenschloss, 2884, vergess ich", "de achterdeur heeft een cijferslot, 5263".
_COMBINATION_LOCK = r"""\b(?:zahlenschloss|kombinationsschloss|cijferslot|combinatieslot|codeslot|combination[ ]lock
    |cadenas[ ][àa][ ](?:code|combinaison)|candado[ ]de[ ](?:combinaci[oó]n|c[oó]digo|n[uú]meros)
    |lucchetto[ ]a[ ](?:combinazione|codice)|cadeado[ ]de[ ](?:combina[cç][aã]o|c[oó]digo|segredo))"""
_COMBINATION_WITH = r"""(?:,[ ]|[ ](?:mit|with|met|avec|con|com)[ ])"""
# A bare "code" or "combination" is a lock's only when the words after it name what it opens.
_PIN_GENERIC = r"""\b(?:codes?|combination|combo|codice|c[oó]digo|combinaison|combinaci[oó]n|combinazione
    |combina[cç][aã]o|combinatie|kombination|zahlenkombination|(?:zahlen)?kombi|notfall-?code|werks-?code)"""
_PIN_VALUE = rf"""(?P<pin>{DIAL}|[#*]?\d+(?:(?:[ ]?[\-–][ ]?|[ ])\d+)*[#*]?)(?![\w%°€$£¥]|[.,:/]\d)"""
# "I changed my PIN to 4821", "the door code was set to 1234".
_PIN_CHANGE = r"""\s+(?:(?:was|is|has\s+been|got)\s+)?(?:(?:changed|set|reset|switched|updated)\s+)?to\s+"""
# What guards a child's or a profile's access, and the code it has: "el control parental de la play tiene
# 0733", "I put a profile lock on my netflix profile, it's 6433", "die Kindersicherung am Fernseher ist 5521".
_PARENTAL = r"""\b(?:control(?:es)?[ ]parental(?:es)?|contr[ôo]le[ ]parental|controllo[ ]parentale|controle[ ]parental
    |parental[ ]controls?|kindersicherung|jugendschutz|ouderlijk[ ]toezicht|profile[ ](?:lock|pin)
    |(?:bloqueo|bloqueio)[ ]de[ ]perfil|verrouillage[ ]du[ ]profil|blocco[ ](?:del[ ])?profilo|profil-?sperre
    |profielslot)"""
_PARENTAL_HAS = r"""(?:,?[ ](?:it['’]s|it[ ]is|c['’]est|tiene|tem|has|hat|ha|a|heeft|uses|usa|utilise|nutzt|gebruikt
    |is|es|est|è|é|ist)[ ]|[ ]?:[ ]?)(?:(?:the|el|la|le|il|o|a|de|het|der|die|das|code|pin|c[oó]digo|codice)[ ])*"""
# A password of digits right after its name and what it is for: "senha do app do banco 072738, ...", or
# right after its name alone: "the router admin pw 482913, ...", "eftpos refund password 0431, ..." (four
# or five digits no year nor round hundreds).
_PASSWORD_WORD = r"""\b(?:senha|password|passwort|contrase[ñn]a|mot[ ]de[ ]passe|wachtwoord|parola[ ]d['’]ordine
    |pw|pwd|mdp)"""
# Or, after a clause that names an app, of four digits or more: "la contraseña de la app del banco es 5917".
# After a PIN's own label the number may follow with no connector at all ("PIN 4821"), but not
# after a clause ("my PIN in 2019" is a date) nor after the verb "pin" ("I pin 100 photos").
PIN = rf"""(?:(?P<label>{_PIN_LABEL})(?:(?:{CLAUSE})?{CONNECTOR_OR_COLON} | (?P<bare>[ \t]+) | {_PIN_CHANGE}
    | (?P<place>(?:[ ][^\W\d_]{{2,}}){{1,2}})[ ]?:[ ]*)
    | {labelled(_PIN_WORD, "", CONNECTOR_OR_COLON)}
    | (?P<generic>{_PIN_GENERIC})(?P<gclause>{CLAUSE}){CONNECTOR_OR_COLON}
    | (?P<opens>{OPENS_WITH})
    | (?P<alarm>{ALARM})
    | (?P<combo>{_COMBINATION_LOCK}){_COMBINATION_WITH}
    | (?P<parental>{_PARENTAL})(?:{CLAUSE})?{_PARENTAL_HAS}
    | {_PASSWORD_WORD}(?:(?:{CLAUSE})?[ ](?P<pword>)(?=\d{{4,12}}(?:[.,;!]|\s*$))
      |(?P<appclause>{CLAUSE}){CONNECTOR_OR_COLON})
    ){_PIN_VALUE}"""
# The number first: "4821 is my PIN", "1234# is the new door code." The label must end the clause, so
# that "2019 is the year my PIN changed" is a year. A number is read once, from the start of its run
# of digit groups: read from every group, "1 1 1 ..." would cost the square of its length.
PIN_FIRST = rf"""(?<!\S)(?<![\d#*][ \-–])(?P<pin>[#*]?\d++(?:[ \-–]\d++)*+[#*]?+){VALUE_FIRST_JOIN}
    (?P<label>(?:(?:new|old|current|bank|card|debit|credit|phone|sim|atm|alarm|front|back|garage)\s+)?{_PIN_LABEL})
    (?=\s*(?:[.,;:!?)]|$)|\s+(?:for|of|on|at|to|now|too)\b)"""
# An app a code opens, most often a bank's: "il codice dell'app di Fineco è ...", "le code de l'appli du
# Crédit Agricole c'est ...", "the code for my banking app is ...".
_AN_APP = lazy_pattern(
    r"""(?<![^\W_])(?:(?:banking[ ])?apps?|appli(?:cation)?|aplicaci[oó]n|applicazione|aplicativo|aplica[cç][aã]o
    |banking-?app|bank-?app|bankapp)(?![^\W_])""",
    re.IGNORECASE | re.VERBOSE,
)
_MIN_PIN_DIGITS = 3
_MAX_PIN_DIGITS = 12
_MAX_COMBINATION_DIGITS = 8

UNIT_AFTER = lazy_pattern(
    r"""\s*(?:%|percent|per\s*cent|digits?|characters?|chars?|numbers?|letters?|times?|tries|attempts?|years?|months?
    |weeks?|days?|hours?|hrs?|minutes?|mins?|seconds?|secs?|people|persons?|euros?|dollars?|pounds?|grams?|kg|km|miles?
    |[kmg]?hz|ziffern|stellen|stellig|zeichen|mal|jahre?n?|tage?n?|chiffres|caractères|fois|ans|jours|dígitos|cifras|veces|años
    |lines|zeilen|lignes|l[ií]neas|righe|linhas|regels|words|w[öo]rter|mots|palabras|parole|palavras|woorden
    |downloads|users|installs|reviews|stars|bytes|[kmg]b
    |días|cifre|caratteri|volte|anni|giorni|vezes|anos|dias|cijfers|tekens|keer|jaar|dagen)\b""",
    re.IGNORECASE | re.VERBOSE,
)

# A number offered as something else than a code: a flat's, a room's, a floor's, a bus's or an order's,
# the word right before it or before "is", perhaps with its word for a number ("the flat is 1204", "Wohnung
# 1204", "piso 1204", "my order number is 614092"), or after it ("1500 flats").
_ANOTHER_NUMBER_WORDS = r"""flats?|apartments?|apt|rooms?|suites?|units?|floors?|storeys?|house|buses|bus|flights?
    |trains?|platforms?|orders?|invoices?|tickets?|seats?|beds?|wards?|years?|pages?|wohnung(?:en)?|zimmer|etagen?
    |stock|hausnummer|bestellung|rechnung|pisos?|habitaci[oó]n(?:es)?|plantas?|pedidos?|facturas?|appartements?
    |chambres?|[ée]tages?|commandes?|factures?|appartament[oi]|stanz[ae]|camer[ae]|piani|piano|ordin[ei]|fatture?
    |kamers?|verdieping(?:en)?|flats|bestelling|factuur|quartos?|apartamentos?|andar(?:es)?|encomendas?
    |[^\W\d_]{3,}zimmer|[^\W\d_]{3,}raum"""
_OFFERED_BEFORE = lazy_pattern(
    rf"""(?<![^\W_])(?:{_ANOTHER_NUMBER_WORDS})(?:[ ](?:number|no\.?|nr\.?|nummer|n[uú]mero|num[ée]ro|numero))?
    (?:[ ](?:is|was|ist|war|es|era|est|était|è|é|era|is|zijn))?
    (?:[ ](?:the|der|die|das|el|la|le|il|lo|o|a|de|het))?[ ]?[:#]?[ ]?$""",
    re.IGNORECASE | re.VERBOSE,
)
_OFFERED_AFTER = lazy_pattern(rf"[ ]+(?:{_ANOTHER_NUMBER_WORDS})(?![^\W_])", re.IGNORECASE | re.VERBOSE)
_OFFERED_REACH = 40


def offered_as_another_number(text: str, start: int, end: int) -> bool:
    """Whether the number at `text[start:end]` is offered as a flat's, a room's, a floor's, an order's or a
    year's, or counts flats or rooms: the word for it right before the number (perhaps with "is" and an
    article), not after what a code opens, or right after."""
    before = text[max(0, start - _OFFERED_REACH) : start]
    offered = _OFFERED_BEFORE.search(before)
    if offered is not None:  # not "the safe room 33817": a room's safe
        previous = before[: offered.start()].split()
        return not previous or not names_a_locked_thing(previous[-1].casefold())
    return _OFFERED_AFTER.match(text, end) is not None


# What the words between a label and a colon may not be: "PIN reset: 2024", "door code changed on: 1205".
_NOT_A_PLACE_CLAUSE = lazy_pattern(
    r"""\b(?:reset|change[ds]?|changed[ ]on|set|updated?|length|attempts?|tries|since|until|from|digits?|rules?|policy
    |expires?|expiry|valid|ändern|geändert|länge|seit|bis)\b""",
    re.IGNORECASE | re.VERBOSE,
)


# A one-time code and how it came, then the code: "the code that just came by SMS is 930892", "SMS code:
# 4471 19", "el código que me llegó por SMS es 552910".
# (Or what it is for, then a colon: "code reçu par sms pour valider le virement : 604 172".)
_PURPOSE = r"""(?:to|pour|para|per|um|om|zum)[ ](?:confirm|validate|approve|authori[sz]e|valider|confirmer|autoriser
    |confirmar|validar|autorizar|confermare|convalidare|autorizzare|best[äa]tigen|freigeben|bevestigen|goedkeuren)"""
_ONE_TIME_CODE = lazy_pattern(
    rf"""(?<![^\W_])(?:codes?|c[oó]digo|codice|token)(?![^\W_])[^.\n]{{0,40}}?(?<![^\W_])
    (?:by|via|per|por|par|in|im|from|de|da|du|dal|del|van|aus)[ ]
    (?:an[ ]|a[ ]|un[ ]|una[ ]|um[ ]|een[ ]|the[ ]|le[ ]|el[ ])?
    (?:sms|text(?:[ ]message)?|texto|mensaje|messaggio|nachricht|bericht|authenticator)(?![^\W_])
    (?:[ ,]+{_PURPOSE}(?:[ ][^\s\d:]+){{0,3}}[ ]*:)?
    [^.\n\d]{{0,20}}?(?<![^\W_])(?:is|was|es|era|è|ist|war|est|é|lautet)?[ ]*:?[ ]*
    (?P<pin>\d{{4,8}}|\d{{3}}[ ]\d{{3}})(?![\d.,:/]\d|[^\W\d_])""",
    re.IGNORECASE | re.VERBOSE,
)

# Or six digits opening a line after a sender's name, as a notification shows them, then what they are typed to
# approve: "aib 846120 to approve login", "Revolut: 482 193 pour valider le paiement". Not after another number's
# word ("order 846120 to confirm the payment") nor a sum ("need 250000 to approve the transfer").
_CODE_TO_APPROVE = lazy_pattern(
    rf"""^[ ]*(?!(?:{_ANOTHER_NUMBER_WORDS}|{OTHER_CODES}|need|needs|pay|paid|owe|only|about|just|over|under)
    (?![^\W_]))[^\W\d_]{{2,20}}:?[ ]
    (?P<pin>\d{{6}}|\d{{3}}[ ]\d{{3}})[ ,]+{_PURPOSE}
    (?:[ ](?:the|a|my|this|that|le|la|ce|cette|el|mi|il|o|de|het|die|den|das))?[ ]
    (?:log[ -]?in|sign[ -]?in|connexion|inicio[ ]de[ ]sesi[óo]n|accesso|acesso|anmeldung|aanmelding
    |payment|paiement|pago|pagamento|zahlung|betaling|transfer|virement|transferencia|transfer[êe]ncia|bonifico
    |[üu]berweisung|overboeking|transaction|transacci[óo]n|transa[çc][ãa]o|transazione|purchase|achat|compra|acquisto)
    (?![^\W_])""",
    re.IGNORECASE | re.VERBOSE | re.MULTILINE,
)

# Or a message's "use" and the code, six digits not a round amount, then what it approves: "Zenith: Use 918 227 to
# authorize NGN 450,000.00 transfer", "utilisez le code 604172 pour valider", "usa el código 552910 para confirmar".
_USE_CODE_TO = lazy_pattern(
    rf"""(?<![^\W_])(?:use|utilisez|utilise|usa|use[ ]o|utilizza|gebruik|verwenden[ ]sie|nutzen[ ]sie)[ ]
    (?:(?:the|le|el|o|il|de|den)[ ])?(?:(?:code|c[oó]digo|codice|otp)[ ]:?[ ]?)?
    (?P<pin>(?!\d{{3}}[ ]?000(?!\d))(?:\d{{6}}|\d{{3}}[ ]\d{{3}}))[ ,]+
    (?:{_PURPOSE}|to[ ](?:verify|log[ ]?in|sign[ ]?in|complete)
    |(?:para|pour|per|to|um|om|zum)[ ](?:entrar|confirmar|autorizar|valider|confirmer|accedere|inloggen|anmelden))""",
    re.IGNORECASE | re.VERBOSE,
)

# Or the code named by what it approves, then its digits, in one group or in pairs as a message spaces them:
# '"Intesa Sanpaolo: il codice per autorizzare l'operazione è 59 20 17"', "the code to confirm the payment is
# 482193". Not a round amount, nor another number's code ("the code to confirm the order is on the receipt").
_CODE_FOR_WHAT_IT_APPROVES = lazy_pattern(
    rf"""(?<![^\W_])(?:code|c[oó]digo|codice|otp)[ ,]+{_PURPOSE}(?:[ ][^\s\d:.,;!?]+){{0,3}}[ ]*
    (?:is|es|est|[èée]|ist|lautet|:)[ ]*:?[ ]*
    (?P<pin>(?!\d{{3}}[ ]?000(?!\d))(?:\d{{4,8}}|\d{{3}}[ ]\d{{3}}|\d{{2}}[ ]\d{{2}}[ ]\d{{2}}))
    (?![\d.,:/]\d|[^\W\d_])""",
    re.IGNORECASE | re.VERBOSE,
)

# Or Spain's Cl@ve PIN, three letters and digits as its message words it ("Su Cl@ve PIN es: K7M. Válido 10 minutos"),
# with which any government service is entered as its holder.
_CLAVE_PIN = lazy_pattern(
    r"""(?<![^\W_])cl@ve[ ]pin(?:[ ](?:es|is))?[ ]*:?[ ]*(?P<pin>(?-i:(?=[A-Z0-9]*\d)[A-Z0-9]{3}))(?![^\W_])""",
    re.IGNORECASE,
)

# Or a German bank's TAN as its message words it, digits or capitals and digits, past what it approves: "Ihre TAN für
# den Auftrag über EUR 2.480,00 lautet 73KX9P".
_TAN_LAUTET = lazy_pattern(
    r"""(?-i:TAN)(?![^\W_])[^\n]{0,60}?(?<![^\W_])lautet:?[ ]+
    (?P<pin>\d{4,8}|(?-i:(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{6,8}))(?![^\W_])""",
    re.IGNORECASE | re.VERBOSE,
)

# Or the code, then its coming: "o código do WhatsApp 482-193 que chegou por SMS", "the code 551 730 that came by
# text".
_CODE_THAT_CAME = lazy_pattern(
    rf"""(?<![^\W_])(?:codes?|c[oó]digo|codice)
    (?:[ ](?:do|da|de|del|di|du|from|von|van)[ ](?!(?:{_ANOTHER_NUMBER_WORDS}|{OTHER_CODES})(?![^\W_]))[^\W\d_]+)?[ ]
    (?P<pin>\d{{3}}[ -]\d{{3}}|\d{{6}})[ ]
    (?:que[ ](?:chegou|lleg[óo]|veio|vino|me[ ]mandaram)|that[ ](?:came|arrived)|qui[ ]est[ ]arriv[ée]
    |che[ ][èe][ ]arrivato|der[ ]kam|die[ ]kwam)(?![^\W_])""",
    re.IGNORECASE | re.VERBOSE,
)

# Or the message that brought it, and what it said the code is: "the bank's text said the code is 507318",
# "le SMS disait que le code était 604172", "la notifica diceva che il codice è 2290". The code's word
# follows the verb and an article at once, so that "the text said the tracking code is 372915" is not read.
_MESSAGE_SAID = lazy_pattern(
    r"""(?<![^\W_])(?:sms|text(?:[ ]message)?|message|e-?mail|mail|texto|mensaje|messaggio|notifica|nachricht|bericht
    |mensagem|notification)(?![^\W_])[ ]
    (?:said|says|read|reads|decía|dec[ií]a|dice|disait|dit|diceva|sagte|sagt|zei|zegt|dizia|diz)
    (?:[ ](?:that|que|dass|dat|che))?,?[ ](?:(?:the|your|el|tu|su|le|ton|votre|il|der|dein|ihr|de|je|uw|o|seu)[ ])?
    (?:codes?|c[oó]digo|codice|code|pin|otp|tan)(?![^\W_])[ ]?
    (?:is|was|es|era|est|était|[èe]|ist|war|lautet|é|:)[ ]*:?[ ]*
    (?P<pin>\d{4,8}|\d{3}[ -]\d{3})(?![\d.,:/]\d|[^\W\d_])""",
    re.IGNORECASE | re.VERBOSE,
)


# Not the number a code was sent to: "the code was sent to 0722 123 456", "OTP envoyé au 0722 ...".
_NOT_SENT_TO = r"""(?<!\bto[ ])(?<!\bon[ ])(?<!\bau[ ])(?<!\bal[ ])(?<!\ban[ ])(?<!\bnaar[ ])(?<!\bpara[ ])
    (?<!\bper[ ])"""


# Or that it was sent or came, then the code, digits or digits and capitals: "the code they sent me is
# 827962", "el pin de Cl@ve me llegó: 985LR098", "il codice che mi è arrivato è 4471", "der Code, den sie mir
# geschickt haben, ist 5521", "die Bank hat die TAN geschickt, 551204".
_SENT_CODE = lazy_pattern(
    r"""(?<![^\W_])(?P<label>codes?|c[oó]digo|codice|token|pin|otp|tan)(?![^\W_])[^.\n]{0,40}?(?<![^\W_])
    (?:(?:(?:they|you|he|she|it|someone|the[ ]bank)[ ])?(?:sent|texted|e-?mailed)(?:[ ](?:me|us|to[ ]me))?
    |(?:i[ ])?(?:got|received)|ricevuto|recebi|re[çc]u|erhalten|bekommen|gekregen|ontvangen|recib[íi]
    |(?:me|nos|mi|ci)[ ](?:lleg[óo]|mandaron|enviaron|[èe][ ]arrivato|hanno[ ](?:mandato|inviato)|chegou|mandaram
    |enviaram)|m['’]a[ ]été[ ]envoy[ée]|m['’]ont[ ]envoy[ée]|geschickt(?:[ ](?:hat|haben))?|gestuurd|kreeg)
    (?![^\W_])[^.\n\d]{0,20}?(?:(?<![^\W_])(?:is|was|es|era|è|ist|war|est|é|lautet))?[ ]*:?[ ]*"""
    + _NOT_SENT_TO
    + r"""(?P<pin>\d{4,8}|\d{3}[ -]\d{3}|(?-i:\d{2,4}[A-Z]{1,3}\d{2,4}))(?![\d.,:/]\d|[^\W\d_])""",
    re.IGNORECASE | re.VERBOSE,
)
# A lower-case "tan" is the German one-time code only with a German verb of its sending ("sparkasse hat tan
# geschickt 030663"), not a sunburn ("got a nice tan, received 1200 likes").
_GERMAN_SENT = lazy_pattern(r"(?<![^\W_])(?:geschickt|gesendet|bekommen|erhalten)(?![^\W_])")
# Cheap to look for: every match of `_SENT_CODE` holds one of these.
_SENDING = (
    *("sent", "text", "mail", "got", "rece", "ricev", "reçu", "recu", "erhalt", "bekom", "kregen", "ontvang"),
    *("recib", "lleg", "manda", "envi", "envoy", "arriv", "invia", "chegou", "schick", "stuurd", "kreeg", "bekam"),
    *("envoi", "gave", "give", "send", "cheg", "stuurt", "gibt", "gab "),
    *("me dio", "me da", "dado", "dato", "mi d", "diede", "donn", "me deu", "me d"),
    *("gaf", "geeft", "toont", "show", "display", "zeigt", "affiche", "muestra", "mostra", "says", "said", "came"),
    *("come ", "arrived"),
)
_OTHER_CODE_BEFORE = lazy_pattern(
    rf"""\b(?:{OTHER_CODES}|confirmation|best(?:ä|ae)tigungs)\W*$""", re.IGNORECASE | re.VERBOSE
)


# Or the verb of its coming first, then the code, named or not: "chegou o código 202476", "me llegó el código
# 955 802", "j'ai reçu 114 410 par SMS", "the bank sent me 550 913 to confirm the transfer", "mi è arrivato 417
# 248", "the app gave me 418203", "la banque m'envoie 604172", "me ha llegado un mensaje con el código 291847",
# "la banca mi ha mandato un codice, 551204, per ...", "è arrivato il codice 417248", "ha llegado el código
# 955802".
# Unnamed, it is six digits (one group or two, not a round amount) that end the sentence or are followed
# by how they came, what they are for, the owner asking where to enter them ("..., what do I do with it",
# "..., type it in") or someone asking for it ("a text came with 509137, the man on the phone asked for it"):
# "I got 250 views" and "they sent me 250 000" are not codes.
_CAME_FIRST = lazy_pattern(
    r"""(?<![^\W_])(?:(?:sent|texted|e-?mailed|sends|texts|e-?mails|gave|gives)[ ](?:me|us|(?-i:[A-Z])[\w'’-]+)
    |enviou(?:[ ](?:à|ao)[ ](?-i:[A-Z])[\w'’-]+)?
    |me[ ](?:dio|da|ha[ ]dado)|mi[ ](?:ha[ ]dato|d[àa]|diede)|m['’](?:a[ ]donn[ée]|donne)|me[ ](?:deu|d[áa])
    |(?:i[ ])?(?:got|received|just[ ]got)|j['’]ai[ ]re[çc]u|recibi[óo]|recebeu|ricevette|erhielt|ontving
    |(?:me|nos)[ ](?:(?:acaba|acaban)[ ]de[ ])?(?:lleg[óo]|mandar|mand[óo]|mandaron|enviar|envi[óo]|enviaron|llega
    |manda|env[íi]a|ha[ ]llega(?:d)?o|han[ ](?:manda|envia)(?:d)?o|ha[ ](?:manda|envia)(?:d)?o)
    |mi[ ](?:[èe][ ]arrivato|hanno[ ](?:mandato|inviato)|ha[ ](?:mandato|inviato)|arriva|manda|invia)|ho[ ]ricevuto
    |[èe][ ](?:appena[ ])?arrivat[oa]|(?:ha|acaba[ ]de)[ ]llega(?:d)?o|acaba[ ]de[ ]llegar
    |(?:ha|abbiamo)[ ]ricevuto|m['’][èe][ ]arrivato|(?:il|elle|on)[ ]a[ ]re[çc]u|(?:ha|hemos)[ ]recibido
    |m['’]a[ ]envoy[ée]|m['’]ont[ ]envoy[ée]|m['’]envoient|m['’]envoie|chegou(?:-me)?|me[ ]chegou|recebi
    |me[ ](?:mandaram|manda|envia|chega)|ik[ ]kreeg|kreeg[ ]ik|ik[ ]heb[ ]gekregen|(?:stuurt|stuurde)(?:[ ](?:me|mij))?
    |ich[ ]habe[ ](?:bekommen|erhalten)|ich[ ]bekam|(?:schickt|sendet|gibt|gab)[ ]mir
    |(?:an?|the)[ ](?:text|sms|message|e-?mail)(?:[ ]message)?[ ](?:came|arrived)[ ]with)(?![^\W_])[ ]
    (?:(?:un|a|an|een|ein|eine|una|um|uma)[ ](?:sms|text|mensaje|message|messaggio|mensagem|bericht|nachricht|e-?mail)
    [ ](?:con|with|avec|col|com|mit|met)[ ])?
    (?:(?:the|a|el|la|le|il|o|de|het|den|der|die|das|dem|un|una|um|een|this|that|esse|este|esta|essa|ese|ce|cet
    |questo|quel|dieser|diesen|deze|dit)[ ])?
    (?:(?P<word>codes?|c[oó]digo|codice|otp|tan|token)
    (?:[ ](?P<service>(?:do|da|de|del|di|della|dello|du|from|for|von|van|vom)[ ][^\W\d_]+))?
    (?:[ ]?:|,[ ](?:it[ ]says|it['’]s|it[ ]is|dice|dit|diz|sagt|zegt|c['’]est|es|è|é)|,)?[ ]+)?
    (?P<pin>\d{6}|\d{3}[ -]\d{3}|\d{2}[ ]\d{2}[ ]\d{2}|(?(word)\d{4,8}|(?!)))(?![\d.,:/]\d|[^\W\d_])""",
    re.IGNORECASE | re.VERBOSE,
)
_CAME_AFTER = lazy_pattern(
    r"""[ ]*(?:[.!?;\n]|$|,[ ]*¿?(?:what[ ]do[ ]i[ ]do[ ]with[ ]it|(?:where[ ]do[ ]i[ ])?(?:paste|enter|type|put)[ ]it
    |(?:can|could)[ ]you[ ](?:paste|enter|type|put)[ ]it|(?:d[óo]nde[ ])?lo[ ](?:pongo|meto|escribo|introduzco)
    |(?:o[ùu][ ])?je[ ]le[ ](?:mets|tape|saisis)|(?:dove[ ])?lo[ ](?:metto|inserisco|scrivo)
    |(?:onde[ ])?(?:o[ ])?(?:ponho|coloco|digito)|wo[ ](?:gebe|trage)[ ]ich|(?:waar[ ])?(?:vul|typ)[ ]ik
    |(?:che|cosa)[ ]ci[ ]faccio|qu[ée][ ]hago[ ]con[ ](?:[ée]l|esto|eso)|j['’]en[ ]fais[ ]quoi
    |qu['’]est-ce[ ]que[ ]j['’]en[ ]fais|o[ ]que[ ]fa[cç]o[ ]com[ ](?:isso|ele|isto)|was[ ]mach[e]?[ ]ich[ ]damit
    |wat[ ](?:moet|doe)[ ]ik[ ](?:ermee|daarmee))(?![^\W_])
    |,[ ]*[^,.\n]{0,40}?(?<![^\W_])(?:(?:asked|asks|wanted|wants)(?:[ ]me)?[ ]for[ ]it|me[ ]l['’]a[ ]demand[ée]
    |me[ ]lo[ ](?:pidi[óo]|pide|pidieron)|me[ ]l['’]ha[ ]chiesto|(?:me[ ])?(?:pediu|pediram)
    |wollte[ ](?:ihn|es|den)[ ]haben|vroeg[ ](?:erom|ernaar))(?![^\W_])
    |[ ](?:by|via|per|por|par|in|im|as|como|comme|come|als)[ ]
    (?:(?:an|a|un|una|um|een|the|le|el|la|il|o|de|het|den)[ ])?(?:sms|text|texto|mensaje|messaggio|bericht|nachricht
    |codes?|c[oó]digo|codice|otp)(?![^\W_]))""",
    re.IGNORECASE | re.VERBOSE,
)
_ROUND_AMOUNT = lazy_pattern(r".*[ -]?000")
# After a code's word, what is no service that sends one: a flat's, a room's, an order's, a discount's.
_ANOTHER_SERVICE = lazy_pattern(
    rf"""(?<![^\W_])(?:{_ANOTHER_NUMBER_WORDS}|{OTHER_CODES}|descuentos?|promoci[oó]n|promo[cç][aã]o|descontos?
    |sconto|r[ée]duction|rabatt|korting|regalo|oferta|offerta|postal|correios?|gym|gimnasio|palestra
    |articles?|articolo|art[ií]culo|artigo|artikel|items?|sku|ean)(?![^\W_])""",
    re.IGNORECASE | re.VERBOSE,
)


# Or a bank's code device, what it gave or shows, then its code alone, six to eight digits in one group or
# two, ending its clause: "the card reader gave me 40917263", "Kartenleser zeigt 3381 0927", "mijn digipass gaf
# 720 418". Not an error's or a price's word before the number ("the card reader gave an error 1105").
_CODE_DEVICE = r"""card[ ]?reader|secure[ ]?key|digipass|pin[ ]?sentry|e\.?dentifier|kaartlezer|kartenleser
    |rabo[ ]?scanner
    |tan-?generator|lecteur[ ]de[ ]carte|lector[ ]de[ ]tarjetas|lettore[ ]di[ ]carte|leitor[ ]de[ ]cart[ãa]o"""
_DEVICE_GAVE = lazy_pattern(
    rf"""(?<![^\W_])(?:{_CODE_DEVICE})(?![^\W_])(?:[ ][^\W\d_]+){{0,2}}[ ]
    (?:gave(?:[ ]me)?|gives(?:[ ]me)?|shows?|showed|says|said|displays?|displayed|gaf(?:[ ]me)?|geeft(?:[ ]me)?|toont
    |gab(?:[ ]mir)?|gibt(?:[ ]mir)?|zeigt|zeigte|m['’]a[ ]donn[ée]|m['’]affiche|affiche|me[ ]dio|me[ ]da|muestra
    |mi[ ]ha[ ]dato|mostra|me[ ]deu)[ ]
    (?:(?:to[ ]|à[ ]|a[ ]|aan[ ])?(?-i:[A-Z])[\w'’-]+[ ])?(?:(?:the|a|de|een|den|der|die|le|el|il|o|un|una|um)[ ])?
    (?:(?:(?:respons|response|antwoord|antwort|challenge)?codes?|c[oó]digo|codice)[ ]?:?[ ])?
    (?P<pin>\d{{6,8}}|\d{{3,4}}[ ]\d{{3,4}}|\d\d(?:[ ]\d\d){{3}})(?![\d.,:/]\d|[^\W\d_])[ ]*
    (?:[.,;!?\n]|$|(?:als[ ]antwoord|as[ ](?:the[ ])?(?:answer|response)|voor[ ]een|for[ ]a)(?![^\W_]))""",
    re.IGNORECASE | re.VERBOSE,
)
# Or a code said to have come through, then six digits: "the myGov code's come through, 583920", "code just came
# in: 551 730".
_CODE_CAME = lazy_pattern(
    r"""(?<![^\W_])(?:codes?|otp)(?:['’]s|[ ]has|[ ]have)?[ ](?:just[ ])?(?:come|came)[ ](?:through|in)[ ]*[,:]?[ ]*
    (?P<pin>\d{6}|\d{3}[ ]\d{3})(?![\d.,:/]\d|[^\W\d_])""",
    re.IGNORECASE | re.VERBOSE,
)
# Or a text that just came from someone, then six digits, in one group or two: "a text just came through from
# lloyds 730 218", "text came in from the bank 551730 no idea why". Not a round amount, a year, a unit's number
# or another number's word after it ("... 551 730 order number").
_TEXT_CAME_FROM = lazy_pattern(
    r"""(?<![^\W_])(?:text|sms|message)[ ](?:(?:just|has|have|only)[ ])?(?:come|came|arrived)[ ](?:(?:through|in)[ ])?
    from[ ](?:the[ ])?[^\W\d_]+(?:[ ][^\W\d_]+)?[ ]:?[ ]*(?P<pin>\d{6}|\d{3}[ ]\d{3})(?![\d.,:/]\d|[^\W\d_])""",
    re.IGNORECASE | re.VERBOSE,
)


def _came_from_a_device_or_a_text(text: str) -> bool:
    """A bank's code device's code (`_DEVICE_GAVE`), or six digits a text just brought (`_TEXT_CAME_FROM`) or a code
    said to have come through (`_CODE_CAME`)."""
    for match in (*_DEVICE_GAVE.finditer(text), *_TEXT_CAME_FROM.finditer(text), *_CODE_CAME.finditer(text)):
        pin = match["pin"]
        if not (
            _ROUND_AMOUNT.fullmatch(pin)
            or YEAR.fullmatch(pin)
            or UNIT_AFTER.match(text, match.end("pin"))
            or _ANOTHER_SERVICE.match(text, match.end("pin") + 1)  # not "... 482 119 order number"
            or _OTHER_CODE_BEFORE.search(text[max(0, match.start() - 30) : match.start()])  # "my order code came in"
        ):
            return True
    return False


def _came_first(text: str) -> bool:
    for match in _CAME_FIRST.finditer(text):
        if match["service"] and (
            sum(ch.isdigit() for ch in match["pin"]) != 6 or _ANOTHER_SERVICE.search(match["service"])
        ):
            continue  # "chegou o código do mbway 120167", not "I got the code for room 1204"
        if match["word"]:
            if UNIT_AFTER.match(text, match.end()) is None and not YEAR.fullmatch(match["pin"]):
                return True
        elif not _ROUND_AMOUNT.fullmatch(match["pin"]) and (
            _CAME_AFTER.match(text, match.end()) or _MESSAGE_AFTER.match(text, match.end())
        ):
            return True
    return False


# A one-time code as the message that brings it words it, pasted or forwarded: the code's word, named as a
# one-time code's ("verification code", "Sicherheitscode", "inlogcode", "TAN", "code SMS", "código OTP")
# or addressed to the reader
# ("Your code is", "Votre code :", "Ihr PayPal-Code:"), or with the message's warning, expiry or purpose
# after it ("Não partilhe", "Caduca en 5 minutos", "PER AUTORIZZARE"), then four to eight digits, in one
# group or two ("583 914"). "OTP" may be in lower case as chat types it ("my otp is 482193"), not a command's flag
# ("npm publish --otp 123456"); "TAN" only in capitals, for the word "tan".
_OTP_QUALIFIER = r"""verification|verify|security|login|log-?in|sign-?in|one-?time|authentication|auth|2fa|otp|access
    |v[ée]rification|s[ée]curit[ée]|connexion|verificaci[oó]n|seguridad|acceso|verifica[cç][aã]o|seguran[cç]a|acesso
    |verifica|sicurezza|accesso|verificatie|beveiligings|inlog|sicherheits|best(?:ä|ae?)tigungs|anmelde|sms
    |autorizzazione|authori[sz]ation|autorisation|autoriza[cç][aã]o|autorizaci[oó]n|autorisatie|autorisierungs|freigabe
    |verifizierungs|verifikations
    |validation|validaci[oó]n|valida[cç][aã]o|convalida|validatie"""
_YOUR = r"""your|votre|ton|ihr|ihre|dein|deine|tu|su|seu|sua|teu|il[ ]tuo|il[ ]suo|je|uw|jouw"""
_MESSAGE_CODE = lazy_pattern(
    rf"""(?P<word>codes?|c[oó]digo|codice|(?-i:TAN)|(?<!-)otp
    |(?:(?<=die[ ])|(?<=eine[ ])|(?<=meine[ ])|(?<=neue[ ]))tan)(?![^\W_])
    (?P<after>[ ](?:de|di|da|of)[ ](?:{_OTP_QUALIFIER}|confirma[cç][aã]o|confirmaci[oó]n|conferma|confirmation)
    |[ ](?:sms|otp|2fa|tan)(?![^\W_]))?
    [^.\n\d]{{0,40}}?(?:(?<![^\W_])(?:is|es|[èée]|ist|est|lautet|was))?[ ]*:?[ ]*{_NOT_SENT_TO}
    (?P<pin>\d{{4,8}}|\d{{3,4}}[ -]\d{{3,4}})(?![\d.,:/]\d|[^\W\d_])""",
    re.IGNORECASE | re.VERBOSE,
)
# Right after a code's word, a postcode's: "código postal", "code postal", "codice postale".
_POSTAL_AFTER = lazy_pattern(r"[ -]?postale?(?![^\W_])", re.IGNORECASE)
# Read only before a code's word: it names a one-time code, or is glued to it ("inlogcode").
_QUALIFIED_BEFORE = lazy_pattern(rf"""(?<![^\W_])(?:{_OTP_QUALIFIER})[ -]?$""", re.IGNORECASE | re.VERBOSE)
# A German bank's TAN glued after its procedure's name: "mobileTAN", "pushTAN", "chipTAN", "photoTAN", "mTAN".
_TAN_PROCEDURE_BEFORE = lazy_pattern(r"(?<![^\W_])(?:mobile|push|photo|chip|app|smart|sms|m|i)-?$", re.IGNORECASE)
_YOUR_BEFORE = lazy_pattern(rf"""(?<![^\W_])(?:{_YOUR})[ ](?:[\w-]+[ -]){{0,2}}$""", re.IGNORECASE | re.VERBOSE)
_MESSAGE_AFTER = lazy_pattern(
    r"""[^\n]{0,60}?(?<![^\W_])(?:never[ ]share|do[ ]not[ ]share|don['’]t[ ]share|expires?|valid[ ]for|to[ ]authori[sz]e
    |to[ ](?:verify|confirm)[ ](?:\w+[ ])?(?:identity|account|log[ ]?in|sign[ ]?in|number|email|e-mail|phone)
    |n[ãa]o[ ](?:o[ ])?partilhe|n[ãa]o[ ](?:o[ ])?compartilhe|expira|v[áa]lido|no[ ]lo[ ]compartas|caduca|v[áa]lido
    |para[ ](?:entrar|confirmar|autorizar)|para[ ](?:a[ ]|uma[ ]|la[ ]|una[ ])?compra|for[ ](?:a[ ]|the[ ])?purchase
    |pour[ ](?:l['’]|un[ ])?achat|per[ ](?:l['’]|un[ ])?acquisto
    |non[ ]comunicarlo|non[ ]condividerlo|scade|valido|per[ ]autorizzare
    |ne[ ]le[ ](?:partagez|communiquez)|expire|valable|pour[ ](?:valider|confirmer)|niemals[ ]weiter|nicht[ ]weiter
    |gültig|g[üu]ltig|nooit[ ]delen|niet[ ]delen|geldig|before[ ]it[ ](?:runs[ ]out|expires|times[ ]out)
    |(?:within|binnen|innerhalb[ ]von|en|dans[ ]les|entro|em)[ ]\d{1,2}[ ](?:minutes|minuten|minutos|minuti|min)
    |hurry|vite|sbrigati|deprisa|depressa|schnell|snel)(?![^\W_])""",
    re.IGNORECASE | re.VERBOSE,
)

# (Or the owner's hurry to type it before it runs out: "codice 153664 sbrigati", "code 826388 vite".)

# Between the code's word and the code, when only the message's words after it say it is one: a verb of
# being or a colon ("my code has 1200 lines and never expires" is no message).
_PLAIN_GAP = lazy_pattern(r"[ ]*(?:(?:is|es|[èée]|ist|est|lautet)[ ]*)?:?[ ]*", re.IGNORECASE)

# A code said to be spent in its sentence, as one tells of a message gone by: "the 2FA code is 482913, it
# expired a minute ago".
_SPENT_AFTER = lazy_pattern(
    r"""[^.\n]{0,40}?(?<![^\W_])(?:expired|no[ ]longer[ ]works|abgelaufen|verfallen|caduc[óo]|caducado|expiré
    |scadut[oa]|expirou|expirado|verlopen)(?![^\W_])""",
    re.IGNORECASE | re.VERBOSE,
)


# Or, between the code's word and the code, what the code is for or how it came, and the message's words after it:
# "il codice O-Key SMS per autorizzare il bonifico è 492118. Non comunicarlo a nessuno".
_HOW_IT_CAME_BETWEEN = lazy_pattern(
    rf"""(?<![^\W_])(?:{_OTP_QUALIFIER}|per[ ]autorizzare|to[ ]authori[sz]e|para[ ]autorizar|pour[ ]autoriser
    |om[ ]te[ ]autoriseren|zum[ ]freigeben|zur[ ]freigabe)(?![^\W_])""",
    re.IGNORECASE | re.VERBOSE,
)

# Or the name of the service that sent it, one word: "codice spid 082168 scade tra 2 min".
_SERVICE_GAP = lazy_pattern(r"[ ]+(?P<service>[^\W\d_]{2,20})[ ]*:?[ ]*")


def _a_service_between(text: str, start: int, end: int) -> bool:
    gap = _SERVICE_GAP.compiled.fullmatch(text, start, end)
    return gap is not None and _ANOTHER_SERVICE.fullmatch(gap["service"]) is None


# A code with its qualifier bare after it ("code SMS", "código OTP") is six digits, in one group or two: an
# SMS short number is four or five ("code SMS 36180 pour se désabonner").
_SIX_DIGITS = lazy_pattern(r"\d{6}|\d{3}[ -]\d{3}")


# Or a service that asks for a code, then the code after a colon or a comma: "Teams vraagt weer een code:
# 101464", "the app asks me for a code again: 551204", "WhatsApp me pide un código, 551204"; not a Dutch
# postcode ("het formulier vraagt om een code: 1012 AB").
_ASKED_FOR_CODE = lazy_pattern(
    r"""(?<![^\W_])(?:asks?(?:[ ]me)?(?:[ ]again)?[ ]for|is[ ]asking(?:[ ]me)?[ ]for
    |vraagt(?:[ ](?:weer|opnieuw|nu))?(?:[ ]om)?|fragt(?:[ ](?:wieder|schon[ ]wieder|nochmal))?[ ]nach
    |(?:me[ ])?pide(?:[ ]otra[ ]vez)?|(?:me[ ])?demande(?:[ ]encore)?|(?:mi[ ])?chiede(?:[ ]di[ ]nuovo|[ ]ancora)?
    |(?:me[ ])?pede(?:[ ]outra[ ]vez|[ ]de[ ]novo)?)
    [ ](?:a|an|the|een|de|einen|den|un|el|le|il|um|o)[ ]
    (?:new[ ]|nieuwe[ ]|neuen[ ]|nuevo[ ]|nouveau[ ]|nuovo[ ]|novo[ ])?
    (?:code|c[oó]digo|codice)(?:[ ](?:again|weer|opnieuw|wieder|de[ ]nuevo|encore|di[ ]nuovo|de[ ]novo))?
    [ ]?[:,][ ]*(?P<pin>\d{4,8}|\d{3}[ -]\d{3})(?![\d.,:/]\d|[^\W\d_])
    (?![ ]?(?-i:[A-Z]{2})(?![^\W_]))""",
    re.IGNORECASE | re.VERBOSE,
)


# A service's sending a code to someone named, as an assistant words it: "Facebook sent Jolene the confirmation code
# 839155", "PosteID ha inviato a Chiara il codice 482193", "KBC Mobile gaf Kristof de bevestigingscode 663018", "Josef
# bekam von Booking.com den Bestätigungscode 337904". Not another code's word ("the tracking code", "den
# Rabattcode": `_OTHER_SENT_WORD`), nor what is no service after it ("el código de descuento": `_ANOTHER_SERVICE`).
_SENT_SOMEONE_A_CODE = lazy_pattern(
    r"""(?<![^\W_])(?:sent|texted|gave|ha[ ](?:inviato|mandato)|invi[òo]|enviou|mandou|envi[óo]|mand[óo]
    |a[ ](?:envoy[ée]|donn[ée])|schickte|sendete|gab|gaf|stuurde|bekam(?:[ ]von[ ][\w.-]+)?|kreeg(?:[ ]van[ ][\w.-]+)?
    |got|received|ricevette|recebeu|recibi[óo]|a[ ]re[çc]u)
    [ ](?:(?:to|a|à|an|aan)[ ])?(?:(?-i:[A-Z])[\w'’-]+[ ])?(?:the|a|den|de|il|o|le|el|la|un|een|einen|het|um|uma|una)[ ]
    (?P<word>(?:(?:confirmation|verification|security|login|one-time|sms)[ ])?[^\W\d_]*(?:code|codice|c[oó]digo)
    |otp|(?-i:TAN))(?![^\W_])(?:[ ](?:de|di|do|da|del|from|von|van)[ ](?P<service>[\w.-]+))?[ ]?:?[ ]
    (?P<pin>\d{4,8}|\d{3}[ ]\d{3})(?![\d.,:/]\d|[^\W\d_])""",
    re.IGNORECASE | re.VERBOSE,
)
_OTHER_SENT_WORD = lazy_pattern(
    rf"""(?:{OTHER_CODES}|access|zugangs|toegangs|door|gate|t[üu]r)""", re.IGNORECASE | re.VERBOSE
)


def sent_someone_a_code(text: str) -> bool:
    """Whether `text` says a service sent someone named a code, and gives it (`_SENT_SOMEONE_A_CODE`)."""
    return any(
        not _OTHER_SENT_WORD.match(match["word"])
        and not (match["service"] and _ANOTHER_SERVICE.fullmatch(match["service"]))
        and not YEAR.fullmatch(match["pin"])
        for match in _SENT_SOMEONE_A_CODE.finditer(text)
    )


# A confirmation code addressed to the reader, as the message words it, is a one-time code: "Ihr Bestätigungscode
# lautet 337904", "uw bevestigingscode is 663018" (not a booking's, an order's or another code's named); or the code
# first, then whose it is: "FB-839155 is your Facebook confirmation code", "482193 is your Instagram code".
_YOUR_CONFIRMATION_CODE = lazy_pattern(
    rf"""(?<![^\W_])(?:{_YOUR})[ ](?:(?!{OTHER_CODES}|booking|reservation|order|flight|ticket)[\w.-]+[ ])?
    (?:confirmation[ ]code|best(?:ä|ae?)tigungscode|bevestigingscode
    |code[ ]de[ ]confirmation|c[oó]digo[ ]de[ ]confirmaci[oó]n|codice[ ]di[ ]conferma
    |c[oó]digo[ ]de[ ]confirma[cç][aã]o)
    (?:[ ](?:is|ist|lautet|est|es|è|é))?[ ]*:?[ ]*(?P<pin>\d{{4,8}}|\d{{3}}[ ]\d{{3}})(?![\d.,:/]\d|[^\W\d_])
    |(?:(?<![\w-])[A-Z]{{1,3}}-|(?<![\w.,-]))(?P<first>\d{{4,8}})[ ]is[ ]your[ ]
    (?:(?!{OTHER_CODES}|booking|reservation|order|flight|ticket)[\w.-]+[ ]){{0,2}}
    (?:(?:confirmation|verification|security|login|log-?in|sign-?in|one-?time|access)[ ])?code(?![^\W_])""",
    re.IGNORECASE | re.VERBOSE,
)


def your_confirmation_code(text: str) -> bool:
    """Whether `text` holds a confirmation code addressed to the reader (`_YOUR_CONFIRMATION_CODE`), not a year."""
    folded = text.casefold()
    if "cod" not in folded:
        return False  # in every match ("code", "código", "codice")
    return any(not YEAR.fullmatch(match["pin"] or match["first"]) for match in _YOUR_CONFIRMATION_CODE.finditer(text))


def message_code(text: str) -> bool:
    """Whether `text` holds a one-time code as the message that brings it words it."""
    folded = text.casefold()
    if (
        "cod" not in folded
        and "cód" not in folded
        and "TAN" not in text
        and "otp" not in folded
        and "e tan" not in folded
    ):
        return False  # one is in every match
    for match in _MESSAGE_CODE.finditer(text):
        if UNIT_AFTER.match(text, match.end()) is not None or YEAR.fullmatch(match["pin"]):
            continue
        if _POSTAL_AFTER.match(text, match.end("word")):
            continue  # "su código postal en Christiansted es 00820"
        before = text[max(0, match.start() - 30) : match.start()]
        qualified = _QUALIFIED_BEFORE.search(before) is not None
        glued = match.start() > 0 and text[match.start() - 1].isalpha()
        if glued and match["word"] == "TAN" and _TAN_PROCEDURE_BEFORE.search(before):
            qualified = True  # "mobileTAN", "pushTAN": a German bank's one-time code by its procedure's name
        if (glued and not qualified) or _OTHER_CODE_BEFORE.search(before) or _SPENT_AFTER.match(text, match.end()):
            continue
        if (
            qualified
            or (match["after"] and (match["after"][:3] == " de" or _SIX_DIGITS.fullmatch(match["pin"])))
            or match["word"] == "TAN"
            or match["word"].casefold() == "otp"
            or match["word"].casefold() == "tan"  # after a German article: "die tan ist 832501"
            or _YOUR_BEFORE.search(before)
            or (
                (
                    _PLAIN_GAP.compiled.fullmatch(text, match.end("word"), match.start("pin"))
                    or _a_service_between(text, match.end("word"), match.start("pin"))
                    or _HOW_IT_CAME_BETWEEN.compiled.search(text, match.end("word"), match.start("pin"))
                )
                and _MESSAGE_AFTER.match(text, match.end())
            )
        ):
            return True
    return False


def one_time_code(text: str) -> bool:
    """Whether `text` gives a one-time code with how it came ("the code that came by SMS is 930892"), that
    it was sent ("the code they sent me is 827962") or the verb of its coming first ("me llegó el código
    955 802"); not a tracking, promo or booking code. One said to be
    spent is refused too: a sentence's words cannot show that a code no longer works."""
    if any(
        UNIT_AFTER.match(text, match.end()) is None and not YEAR.fullmatch(match["pin"])
        for match in (
            *_ONE_TIME_CODE.finditer(text),
            *_MESSAGE_SAID.finditer(text),
            *_ASKED_FOR_CODE.finditer(text),
            *_CODE_THAT_CAME.finditer(text),
            *_CODE_TO_APPROVE.finditer(text),
            *_USE_CODE_TO.finditer(text),
            *_CODE_FOR_WHAT_IT_APPROVES.finditer(text),
            *_CLAVE_PIN.finditer(text),
            *_TAN_LAUTET.finditer(text),
        )
    ):
        return True
    if message_code(text) or your_confirmation_code(text):
        return True
    folded = text.casefold()
    if not any(map(folded.__contains__, _SENDING)):  # map: no frame per word
        return False
    if sent_someone_a_code(text) or _came_first(text) or _came_from_a_device_or_a_text(text):
        return True
    return any(
        UNIT_AFTER.match(text, match.end()) is None
        and not YEAR.fullmatch(match["pin"])
        and _OTHER_CODE_BEFORE.search(text[max(0, match.start() - 30) : match.start()]) is None
        and (match["label"].casefold() != "tan" or match["label"] == "TAN" or _GERMAN_SENT.search(match.group()))
        for match in _SENT_CODE.finditer(text)
    )


# A PIN or a code said to be a year of the owner's life, then that year: "la clave de la tarjeta de la Norma, mi
# señora, es el año que nos casamos: 1994", "my PIN is the year I was born, 1987". A year is no PIN where it is said
# bare ("the code of the app is 2024"); said to be the year that makes it, it is the PIN.
_PIN_IS_THE_YEAR = lazy_pattern(
    r"""(?<![^\W_])(?:pin|pincode|nip|clave|code|c[oó]digo|codice|passcode|senha|geheimzahl)(?![^\W_])
    [^.!?\n]{0,60}?(?<![^\W_])(?:is|es|est|ist|è|é|era|was|c['’]est)[ ](?:the|el|la|l['’]|le|il|o|a|het|das|de|der)[ ]?
    (?:year|a[ñn]o|ann[ée]e|anno|ano|jaar|jahr)(?![^\W_])[^.!?\n\d]{0,50}?[:,—–-][ ]*(?:19|20)\d\d(?![\d.,:/]\d)""",
    re.IGNORECASE | re.VERBOSE,
)


def pin_told_as_a_year(text: str) -> bool:
    """Whether `text` says a PIN or a code is a year of the owner's life, and gives the year (`_PIN_IS_THE_YEAR`)."""
    return _PIN_IS_THE_YEAR.search(text) is not None


def pin_is_real(match: re.Match[str]) -> bool:
    """Whether a number after a PIN's or a lock's label is the code: 3 to 12 digits, not a count or an amount."""
    digits = sum(ch.isdigit() for ch in match["pin"])
    if not _MIN_PIN_DIGITS <= digits <= _MAX_PIN_DIGITS:
        return False
    groups = match.groupdict()
    dial = not match["pin"][:1].isdigit() or not match["pin"][-1:].isdigit()  # "left 12 ...", "... 6 left"
    clause = groups.get("gclause") or groups.get("appclause") or ""
    app = bool(groups.get("generic") or groups.get("appclause")) and _AN_APP.search(clause) is not None
    if app and (digits < 4 or YEAR.fullmatch(match["pin"])):  # "the code of the app is 2024"
        return False
    if groups.get("appclause") and not app:
        return False
    if groups.get("generic") and not dial and not names_a_locked_thing_in(groups["gclause"]) and not app:
        return False
    opened = said_of_before(match.string, match.start()) + " " + (groups.get("unlocked") or "")
    if groups.get("opens") and not names_a_locked_thing_in(opened):
        return False
    if groups.get("raised") and YEAR.fullmatch(match["pin"]):
        return False  # "the garage rent goes up with 2026"
    if groups.get("alarm") and not (
        4 <= digits <= 8 and alarm_code_ends(match, groups["alarm"]) and not YEAR.fullmatch(match["pin"])
    ):
        return False
    pin = match["pin"]
    if polish_tax_number(match[0].split(maxsplit=1)[0].rstrip(":"), pin):
        return False  # "NIP der Firma: 526-025-09-95"
    if groups.get("pword") is not None and digits < 6 and (YEAR.fullmatch(pin) or pin.endswith("00")):
        return False  # "the wifi password 2019, ..."
    if groups.get("combo") and (digits > _MAX_COMBINATION_DIGITS or YEAR.fullmatch(pin) or pin.endswith("00")):
        return False  # "ein Zahlenschloss mit 10000 Kombinationen", "cijferslot, 2019 gekocht"
    if groups.get("place") and _NOT_A_PLACE_CLAUSE.search(groups["place"]):
        return False
    between = match.string[match.end("label") : match.start("pin")] if groups.get("label") else ""
    if groups.get("label") and number_that_is_no_pin(match.string, groups["label"], between, match["pin"]):
        return False
    label = next((name for name in ("label", "generic") if groups.get(name)), None)
    start, end = match.span(label) if label else (match.start(), match.start())
    if said_in_general(match.string, start, end):
        return False
    if groups.get("bare") and groups["label"].casefold() == "pin" and groups["label"] != "PIN":
        return False
    return fills_its_line(match, "pin") and UNIT_AFTER.match(match.string[match.end() : match.end() + 40]) is None
