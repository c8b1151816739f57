"""The words that name a secret, per language, as data: what the everyday detectors look for.

PersonaKit reads secrets named in English, German, French, Spanish, Italian, Portuguese and Dutch.
Each entry is a regular expression fragment (case is ignored; `\\s+` between the words of a name);
the detectors put them together in `names.py`. Adding a language means adding its words here.
"""

from __future__ import annotations

# Nouns that name a password or a secret by themselves: a typed-looking token near one is refused.
SECRET_NOUNS: dict[str, tuple[str, ...]] = {
    "en": (
        r"passwords?",
        r"passwd",
        # As typed in a hurry: "pasword", "passwrd", "passowrd", "pssword".
        r"pass?w(?:or|ro|r|o)?ds?",
        r"pass?owrds?",
        r"pssw(?:or)?ds?",
        r"pwd",
        r"pw",
        r"pword",
        r"psw",
        r"pass",
        r"passphrases?",
        r"pass\s+phrases?",
        r"passcodes?",
        # An Indian bank's internet banking password ("netbanking custid ... ipin Rohit@1993").
        r"ipin",
        r"secret",
        r"psk",
        r"pre-?shared\s+key",
        r"credentials?",
        r"creds",
        r"log-?in",
        # What a password is called in jest: "the magic word is ...", or by what it opens: "the bank word".
        r"magic\s+words?",
        r"(?:banking|bank|login|computer|laptop|e-?mail)\s+word",
        # The word an alarm's monitoring company asks for: "the safe word is ...".
        r"safe\s*words?",
        r"code\s*words?",
    ),
    "de": (r"passw(?:ö|oe?)rt(?:e|er)?", r"kennw(?:ö|o)rt(?:e|er)?", r"zauberwort", r"zugangsdaten", r"anmeldedaten"),
    "fr": (r"mots?\s+de\s+passe", r"mot\s+magique", r"mdp", r"phrases?\s+(?:secr[èe]te|de\s+passe)", r"identifiants"),
    "es": (
        r"contrase(?:ñ|n)as?",
        r"contras(?:ñ|n)eas?",
        r"palabra\s+m[áa]gica",
        r"clave",
        # Chile's state login, one word as people write it: "la claveúnica es ...".
        r"clave\s?[úu]nica",
        # "contra", short for "contraseña", only as a noun that a value follows: "mi nueva contra: ...".
        r"(?:la|mi|tu|su|nueva|vieja|nuestra)\s+contra(?=\s*:|\s+(?:del?|es|era)\s)",
        r"credenciales",
        r"frases?\s+(?:de\s+(?:paso|contrase(?:ñ|n)a)|secreta)",
    ),
    "it": (r"parola\s+d['’]ordine", r"parola\s+magica", r"credenziali", r"frase\s+(?:segreta|d['’]accesso)"),
    "pt": (r"senhas?", r"palavra\s+m[áa]gica", r"palavra[- ]passe", r"credenciais", r"frase[- ](?:senha|passe)"),
    # "paswoord": Flemish for "wachtwoord".
    "nl": (r"wachtwoord(?:en)?", r"paswoord(?:en)?", r"ww", r"inloggegevens", r"toverwoord"),
}

# "key" names a secret only with a word that says which: "wifi key", "2FA key", "clé wifi".
KEY_QUALIFIERS = (
    r"wi-?fi|wlan|wpa[23]?|wep|network|wireless|router|hotspot|api|secret|private|priv|access|master|license|licence"
    r"|product|recovery|encryption|app|security|2fa|mfa|totp|authenticator|otp|setup|signing|ssh|gpg|pgp|vpn"
)
KEY_NAMES: dict[str, tuple[str, ...]] = {
    "en": (
        rf"(?:{KEY_QUALIFIERS})[\s_-]*keys?",
        r"(?:wi-?fi|wlan|wpa2?|network|router|hotspot)[\s_-]*codes?",
        # A Wi-Fi that rotates has a password that does: a network's name stays ("the guest wifi rotated").
        r"(?:wi-?fi|wlan|hotspot)\s+(?:(?:was|got|has\s+been|gets|is)\s+)?rotated",
    ),
    "de": (
        r"(?:wlan|netzwerk|wifi|router|sicherheits|api|2fa|lizenz|produkt|aktivierungs|wiederherstellungs)-?schlüssel",
    ),
    "fr": (
        r"cl[ée]s?\s+(?:d[eu]\s+(?:la\s+|l['’])?)?(?:wi-?fi|wpa2?|wlan|box|s[ée]curit[ée]|r[ée]seau|api|secr[èe]te"
        r"|licence|produit|r[ée]cup[ée]ration)",
        r"cl[ée]s?\s+d['’]activation",
        r"codes?\s+(?:du\s+)?wi-?fi",
    ),
    "es": (
        r"clave\s+(?:wi-?fi|wpa2?|de\s+(?:seguridad|red|acceso|licencia|producto|activaci[oó]n|recuperaci[oó]n))",
        r"c[oó]digo\s+(?:del\s+)?wi-?fi",
    ),
    "it": (
        r"chiave\s+(?:(?:del(?:la)?\s+|dell['’])?(?:wi-?fi|wpa2?|rete|router|modem)|segreta"
        r"|di\s+(?:sicurezza|rete|accesso|licenza|prodotto|attivazione|recupero))",
        r"codice\s+(?:del\s+)?wi-?fi",
    ),
    "pt": (r"chave\s+(?:(?:d[oa]\s+)?(?:wi-?fi|wpa2?|rede|router)|de\s+(?:seguran[cç]a|rede|acesso)|secreta)",),
    "nl": (r"(?:netwerk|wifi|wpa|licentie|product|herstel)-?sleutel",),
}

# The words for a password itself, in the seven languages, as the value-first and user-and-password shapes
# read them (`shapes`): one list, so that a word added here is read by both.
PASSWORD_WORDS = (
    r"""password|passcode|passphrase|passwort|kennwort|wachtwoord|paswoord|mot\s+de\s+passe|contrase(?:ñ|n)a|senha"""
)

# Verbs whose object is a secret: "use Hunter22! to unlock my laptop", "I log in with admin and ...".
AUTH_VERBS: dict[str, tuple[str, ...]] = {
    "en": (
        r"unlock(?:s|ed|ing)?",
        r"log(?:s|ged|ging)?\s+(?:in(?:to)?|on)\s+with",
        r"log-?in\s+with",
        r"sign(?:s|ed|ing)?\s+in\s+with",
        r"get(?:s|ting)?\s+in(?:to)?",
        r"(?:reset|changed?|set|switched)\s+it\s+to",
        r"set\s+(?:the\s+|my\s+|our\s+)?(?:wi-?fi|wlan|hotspot|router)\s+to",
    ),
    "de": (
        r"entsperr(?:en|e|t)",
        r"(?:anmelden|einloggen)\s+mit",
        r"melde\s+mich\s+mit",
        r"(?:kommst\s+du|kommt\s+man)\s+(?:(?:da|dort)\s+)?(?:rein\s+|hinein\s+)?mit",
    ),
    "fr": (
        r"d[ée]verrouill(?:er|e)",
        r"(?:je\s+)?me\s+connecte\s+avec",
        r"se\s+connecter\s+avec",
        r"(?:on\s+)?(?:y\s+)?entre\s+avec",
    ),
    "es": (r"desbloque(?:ar|o|a)", r"entr(?:ar|o|as?)\s+con"),
    "it": (r"sblocc(?:are|o|a)", r"acced(?:ere|o|i)\s+con", r"(?:ci\s+)?entr(?:are|o|i|a)\s+co[nl]"),
    "pt": (r"desbloque(?:ar|io|ia)", r"entr(?:ar|o|as?)\s+com"),
    "nl": (
        r"ontgrendel(?:en|t)?",
        r"(?:inloggen|log\s+in)\s+met",
        r"(?:kom\s+je|komt\s+(?:je|men))\s+(?:er\s+)?(?:in|binnen)\s+met",
    ),
}

# Words that name a PIN or a lock's code by themselves: a number of three to twelve digits near one.
CODE_NOUNS: dict[str, tuple[str, ...]] = {
    "en": (
        *(r"pins?", r"pin\s*codes?", r"pin\s+numbers?", r"passcodes?", r"keypad", r"unlock\s+codes?", r"puk[12]?"),
        # An identity card's or a Smart-ID's two PINs, one to log in and one to sign: "PIN1", "PIN2".
        r"pin[12]",
        # A British building society's number for its internet bank, of which it asks some digits ("passnumber").
        r"passnumbers?",
        # A code a service sends by letter to activate its app or a card: "activation code 62-1934-8807".
        r"activation\s+codes?",
        # What a till's or a register's manager types to approve a refund: "the manager override is ...".
        r"(?:manager|supervisor|admin)\s+override(?:\s+codes?)?",
        r"override\s+(?:code|pin)s?",
    ),
    "de": (r"geheimzahl", r"pin-?nummer", r"zugangscode", r"zutritts-?code", r"entsperr-?code", r"entsperr-?pin"),
    # "NIP" is a PIN in Quebec and Mexico; "le code de la CB", a bank card's PIN in France.
    "fr": (
        *(r"digicode", r"code\s+(?:pin|secret|d['’]acc[eè]s|de\s+d[ée]verrouillage)", r"nip"),
        r"code\s+de\s+(?:la|ma|ta|sa|notre|votre)\s+(?:cb|carte\s+bleue)",
        r"code\s+d['’]activation",
    ),
    # A Spanish bank's or Bizum's code to sign an operation: "código de firma", "clave de firma".
    "es": (r"c[oó]digo\s+(?:pin|secreto|de\s+acceso|de\s+desbloqueo|de\s+firma)", r"clave\s+de\s+firma", r"nip"),
    "it": (r"codice\s+(?:pin|segreto|di\s+accesso|di\s+sblocco)",),
    "pt": (r"c[oó]digo\s+(?:pin|secreto|de\s+acesso|de\s+desbloqueio)",),
    "nl": (r"pincode", r"toegangscode", r"ontgrendel-?code"),
}
# "code" and "combination" name a secret only next to what they open: "my iPhone code", "the code for
# my Kindle", "el código del garaje".
# A padlock names its code only in groups ("cadenas du vélo 3-8-1-4"): "Master Lock 1500" is a model.
PADLOCKS = r"padlocks?|cadenas|candados?|lucchett[oi]|cadeados?|hangsloten?|vorhängeschlo(?:ss|ß)|fahrradschlo(?:ss|ß)"
GENERIC_CODES = (
    r"codes?|combination|combo|c[oó]digo|codice|kombination|combinaison|combinaci[oó]n|combinazione|combinatie|"
    r"combina[cç][aã]o|" + PADLOCKS
)
# Of those, the words after which a code in groups ("12-34-56", "4-2-7-1") is the code whatever it opens.
COMBINATION_WORDS = (
    r"combinations?|combo|kombination|combinaison|combinaci[oó]n|combinazione|combinatie|combina[cç][aã]o|" + PADLOCKS
)
# What a code opens, or opening it, in any language: "the code for the front door", "code pour entrer",
# "el código del garaje". German compounds end in what they open: Haustür, Gartentor, Alarmanlage,
# Zahlenschloss, Bankkarte.
LOCKED_THINGS = frozenset(
    """door doors front back gate gates garage opener alarm panel safe lock locker lockers padlock lockbox keypad
    building house flat apartment office entrance shed storage bike mailbox letterbox phone iphone ipad tablet kindle
    laptop computer pc mac macbook android screen sim atm suitcase luggage box keybox card cards
    get enter open unlock disarm
    porte portail alarme coffre coffre-fort cadenas immeuble entrée téléphone portable tablette ordinateur carte vélo
    casier entrer ouvrir
    puerta portón portal garaje alarma antirrobo caja candado teléfono móvil celular cel tableta portátil tarjeta bici
    bicicleta taquilla cajero entrar abrir
    porta portone portoncino cancello allarme antifurto cassaforte lucchetto telefono cellulare portatile carta
    bicicletta armadietto armadio bancomat entrare aprire
    portão garagem cofre cadeado telemóvel telefone cartão cacifo cacifos armário multibanco
    voicemail messagerie buzón contestador segreteria
    deur voordeur poort kluis slot hangslot telefoon fiets pinpas bankpas kaart kluisje binnenkomen openen
    tür haustür tor alarmanlage tresor schloss handy telefon karte fahrrad spind zapfsäule
    fechadura cerradura serrure serratura keyless consigne citibox packstation paketstation
    car coche voiture macchina carro auto nuki trastero keller cantina berging consigna
    barn schuur schuurtje keet hek schuppen gartenhaus cobertizo caseta cabanon remise capanno casetta galpão barracão
    tastenfeld tastierino
    safes casseforti coffres cofres kluizen tresore
    arrecadação caixa-forte
    shutter shutters
    barrier barriers barrière barrera sbarra slagboom schranke cabinet boîte
    bancontact girocard mastercard
    freezer coldroom frigorifera frigorífica frigorifique kühlhaus koelcel vriescel""".split()
)
# Dutch ones too: voordeur, fietsenstalling, fietsslot, brievenbus.
LOCKED_ENDINGS = (
    *("tür", "tor", "alarm", "alarmanlage", "tresor", "safe", "schloss", "garage", "karte", "handy", "zapfsäule"),
    *("deur", "poort", "kluis", "stalling", "slot", "bus", "spind", "schließfach", "kasten", "kastje", "schranke"),
    # A cellar, as German names it: Käsekeller, Weinkeller.
    "keller",
    # An entrance, as Dutch names it: personeelsingang, achteringang.
    *("ingang", "kluisje"),
    # A cabinet that locks, as German names it: Betäubungsmittelschrank, BTM-Schrank, Medikamentenschrank.
    *("schrank",),
    # A room that locks, as a German or a Dutch compound names it: Dienstzimmer, Lehrerzimmer, Serverraum,
    # medicatiekamer.
    *("zimmer", "raum", "kamer"),
    # A builder's hut, as Dutch names it: bouwkeet, schaftkeet, directiekeet.
    "keet",
    # A box, as Bavarian and Austrian German diminish it: Schlüsselkasterl, Kasterl, Kastl.
    *("kasterl", "kastl"),
)

# Before "room", what makes it a room that locks, whose code is its door's: "the medicine room code is 2716",
# "server room code at work". Not a room known by its number ("the room code is 2716 on the timetable",
# "meeting room code", "escape room code").
ROOMS_THAT_LOCK = frozenset(
    """medicine medicines medication meds drug drugs server comms plant stock store supply supplies linen records
    boiler staff cleaning cleaners utility strong evidence equipment""".split()
)


def names_a_locked_thing(word: str) -> bool:
    """Whether a word (case-folded) names what a code opens: a word of `LOCKED_THINGS`, or a compound of
    more than four letters that ends in one of `LOCKED_ENDINGS`."""
    return word in LOCKED_THINGS or (len(word) > 4 and word.endswith(LOCKED_ENDINGS))


# Words that say a base32 string is a one-time-password seed.
TOTP_NAMES = (
    r"totp|hotp|otp|2fa|mfa|two[- ]factor|2-factor|2-step|two[- ]step|authenticator|authy|setup\s+key|base32"
    r"|zwei-?faktor|2-?faktor|authentifi(?:zierung|cation|cateur)|authentication|autenticator[ea]|autenticador"
    r"|autenticazione|autenticaci[oó]n|autentica[cç][aã]o|deux\s+facteurs|dos\s+factores|due\s+fattori"
)

# After a name, a word that makes it name something else: "password manager", "PIN pad", "pass rate",
# "gpg key id" (a public key's id).
NOT_A_SECRET_AFTER = frozenset(
    """manager managers reset resets policy policies hint hints field fields prompt strength rule rules requirement
    requirements change changes app apps vault generator protected length expiry expires expired pad reader rate
    mark marks holder holders box limit limits id ids fingerprint fingerprints review reviews reviewer reviewers
    regel regeln richtlinie richtlinien länge stärke hinweis änderung postal postale""".split()
)
# Before "pass", a word that makes it a ticket: "boarding pass", "ski pass".
TICKETS = frozenset(
    """boarding bus train rail season day week month annual ski lift park museum gym festival backstage press guest
    visitor travel transit metro subway tram ferry event concert stadium parking all-access access mountain
    national interrail eurail free 10-ride""".split()
)
# Words after which a token names what a secret is for, not the secret: "the password for Office365".
THING_PREPOSITIONS = frozenset(
    """for of on at in from by für von vom zum zur bei bi pour du des para del della di dei do da dos voor van
    bij""".split()
)
# After a verb of changing a secret, the preposition that leads to the new value, not to what the secret is
# for: "l'ho cambiata ieri in Gelato928Fragola", "auf ... geändert" aside, "Passwort in ... geändert",
# "mudei a senha para ...". In English "for" and "in" stay what it is for: "I changed the password in
# Office365".
CHANGED_TO: dict[str, frozenset[str]] = {
    "in": frozenset(
        """cambiato cambiata cambiati cambiate modificato modificata impostato impostata geändert geaendert
        umgestellt veranderd gewijzigd""".split()
    ),
    "para": frozenset(
        """mudei mudou mudada mudado alterei alterou alterada alterado troquei trocou trocada trocado cambié
        cambiado cambiada""".split()
    ),
}
# Words that make a secret someone's, in each language: "my most common PIN", "el PIN más común de mis
# tarjetas", "your usual PIN" (the assistant speaking of the owner's). Not "you" nor "du": "the worst PIN
# you can pick" is anyone's.
OWNER_WORDS = frozenset(
    """i i'm i've me my mine our ours we us your yours his her their owner owner's
    ich mein meine meiner meinen meinem unser unsere unserer wir dein deine ihr ihre sein seine
    je mon ma mes notre nos moi tu ton ta tes votre vos son sa ses leur leurs
    yo mi mis mío mía nuestro nuestra nuestros nuestras tú tu tus su sus
    io mio mia miei mie nostro nostra nostri tuo tua suo
    eu meu minha meus minhas nosso nossa teu tua seu sua
    ik mijn onze ons jij je jouw uw zijn haar""".split()
)
# "key" alone, in each language: a key of a network named just before ("das wlan heißt X und der
# Schlüssel ist ...", "the wifi is HomeNet and the key is ...").
BARE_KEYS = r"keys?|schlüssel|cl[ée]s?|chiave|clave|chave|sleutel"
NETWORK_WORDS = (
    r"wi-?fi|wlan|wpa[23]?|ssid|router|hotspot|network|netzwerk|netz|box|r[ée]seau|red|rete|rede|netwerk|modem"
)

# Verbs that give a network its name: what follows is its name, not its key ("unser WLAN heißt
# FRITZ!Box 7590", "the wifi is called Moonbase!2").
NAMING_VERBS = frozenset(
    """called named heißt heisst nennt llama llamada llamado appelle appelé appelée nomme chiama chiamata chiamato
    chama chamada chamado heet genaamd""".split()
)

# Words before a number that make it a date or a count: "I changed my PIN in 2019", "since 2015".
NUMBER_PREPOSITIONS = frozenset(
    """in since from until till before after by on around about over under than every each per seit bis vor nach
    depuis avant après desde hasta antes después dal fino prima dopo desde até antes depois sinds tot voor na""".split()
)

# Words after "PIN code in" that make it no place: "my PIN code in the app", "the pin code of my card"
# (an Indian postal "PIN code in Bangalore" is stored).
NOT_A_PLACE = frozenset("the a an this that card bank app account".split()) | OWNER_WORDS

# Labels of a contact or a name, not of a password, after an e-mail address: "jane@example.org / tel: ...".
CONTACT_LABELS = frozenset(
    """tel tél tlf phone mobile cell fax name nombre nom nome naam user usuario utente utilisateur usuário gebruiker
    benutzer login id address adresse dirección indirizzo endereço adres web site url telefon telefono teléfono
    móvil handy""".split()
)
# Words that say a number is to be called, not typed: "the password reset line, call: 0800 ...".
CALL_WORDS = frozenset(
    """call ring phone tel telephone hotline helpline support number nummer número numéro numero bel bellen anrufen
    llama llamar appelle appeler chiama chiamare ligue ligar""".split()
)

# Words that join a name to its value: "the passphrase is ...", "password: ...", "mot de passe est ...".
CONNECTORS = frozenset(
    """is was are be 's now still : = - -> => – — ist lautet war sind est était es era è é são zijn blijft
    wird sera será sarà será wordt c'est c’est isch""".split()
)

# Common short words that an app password's groups of four letters are not: "must have four more".
ORDINARY_FOUR_LETTER_WORDS = frozenset(
    """able also area away back base been best body book both call came care case city come cost could data days
    does done door down each easy even ever face fact fall feel find fine five four free from full gave give goes
    good half hand hard have head hear help here high hold home hope hour idea into just keep kind knew know land
    last late left less life like line list live long look made make many more most move much must name near need
    next nice none note once only open over part past plan play read real rest road room rule safe said same save
    seem seen send show side sign some soon stay step such sure take talk team tell than that them then they thin
    this time told took tree true turn type used very view wait walk want week well went were what when with word
    work year your""".split()
)


def alternatives(*tables: dict[str, tuple[str, ...]]) -> str:
    """One alternation of every fragment of every language of the tables, longest first."""
    fragments = sorted({fragment for table in tables for words in table.values() for fragment in words}, key=len)
    return "|".join(reversed(fragments))
