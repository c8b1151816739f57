"""IBANs: anywhere in a text (country, length and mod 97, ISO 13616), grouped by four or as a country's
banks group them, or split in two; the examples standards publish, and the accounts for gifts that a
charity publishes, are not an owner's."""

from __future__ import annotations

import re

from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern

# The length of each country's IBAN (ISO 13616 registry, with the countries it has taken in since 2014: Timor-Leste,
# Belarus, Iraq, El Salvador, Libya, Sudan, Nicaragua, Russia, Burundi, Honduras, Yemen and others), and of those a
# country's central bank publishes though the registry lacks them: Angola's, Mozambique's and Cabo Verde's (25),
# Algeria's and Iran's (26), the CEMAC's six (Cameroon, the Central African Republic, Chad, the Congo, Equatorial
# Guinea, Gabon), Madagascar's and the Comoros' (27), the UEMOA's eight (Benin, Burkina Faso, Côte d'Ivoire,
# Guinea-Bissau, Mali, Niger, Senegal, Togo) and Morocco's (28).
_IBAN_LENGTHS = {
    **dict.fromkeys("NO".split(), 15),
    **dict.fromkeys("BE".split(), 16),
    **dict.fromkeys("DK FI FO GL NL FK SD".split(), 18),
    **dict.fromkeys("MK SI".split(), 19),
    **dict.fromkeys("AT BA EE KZ LT LU XK MN".split(), 20),
    **dict.fromkeys("CH HR LI LV".split(), 21),
    **dict.fromkeys("BG BH CR DE GB GE IE ME RS VA".split(), 22),
    **dict.fromkeys("AE GI IL TL IQ OM SO".split(), 23),
    **dict.fromkeys("AD CZ ES MD PK RO SA SE SK TN VG".split(), 24),
    **dict.fromkeys("AO MZ PT LY ST CV".split(), 25),
    **dict.fromkeys("IS TR DZ IR".split(), 26),
    **dict.fromkeys("FR GR IT MC MR SM DJ BI CM CF TD CG GQ GA MG KM".split(), 27),
    **dict.fromkeys("AL AZ CY DO GT HU LB PL BY SV NI HN BJ BF CI GW ML NE SN TG MA".split(), 28),
    **dict.fromkeys("BR EG PS QA UA".split(), 29),
    **dict.fromkeys("JO KW MU YE".split(), 30),
    **dict.fromkeys("MT SC".split(), 31),
    **dict.fromkeys("LC".split(), 32),
    **dict.fromkeys("RU".split(), 33),
}
# Two letters, two check digits, then groups of four (perhaps set off by single spaces) and a
# shorter last group: as banks print them, or in one run.
_IBAN = lazy_pattern(
    r"(?<![A-Za-z0-9])[A-Za-z]{2}\d{2}(?:[ ]?[A-Za-z0-9]{4}){2,7}(?:[ ]?[A-Za-z0-9]{1,3})?(?![A-Za-z0-9])"
)


def iban_valid(candidate: str) -> bool:
    """Whether an IBAN, spaces aside, has its country's length and passes the mod 97 check (ISO 13616).
    A candidate longer than its country's IBAN is read up to that length: a word may follow it."""
    compact = candidate.replace(" ", "").upper()
    length = _IBAN_LENGTHS.get(compact[:2])
    if length is None or len(compact) < length:
        return False
    compact = compact[:length]
    if not compact[4:].isalnum() or not any(ch.isdigit() for ch in compact[4:]):
        return False
    rearranged = compact[4:] + compact[:4]
    return int("".join(str(int(ch, 36)) for ch in rearranged)) % 97 == 1


# The same in capitals and digits, grouped as a country's banks print them rather than by four ("ES63
# 9354 8812 72 4281082491", "IT27 Y 48054 85113 854711628172"): read up to the country's length, which
# must end a group.
_IBAN_GROUPED = lazy_pattern(r"(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]){10,30}")


def _grouped_iban_valid(candidate: str) -> bool:
    length = _IBAN_LENGTHS.get(candidate[:2])
    if length is None:
        return False
    seen = 0
    for end, ch in enumerate(candidate):
        seen += ch != " "
        if seen == length:
            return candidate[end + 1 : end + 2] in ("", " ") and iban_valid(candidate[: end + 1])
    return False


# The example IBANs that standards and banks publish (ECBS's and each country's registry entry in ISO
# 13616's), which no one holds: a sentence that quotes one as an example holds no secret. The same
# IBAN with no word saying it is an example is refused, as a card that providers publish for testing is.
PUBLISHED_EXAMPLES = frozenset(
    """GB82WEST12345698765432 GB29NWBK60161331926819 DE89370400440532013000 FR1420041010050500013M02606
    ES9121000418450200051332 IT60X0542811101000000123456 NL91ABNA0417164300 BE68539007547034
    AT611904300234573201 CH9300762011623852957 PT50000201231234567890154 IE29AIBK93115212345678""".split()
)
_EXAMPLE = lazy_pattern(
    r"""\b(?:examples?|sample|dummy|placeholder|docs?|documentation|beispiel\w*|exemple|ejemplo|esempio|exemplo
    |voorbeeld)\b""",
    re.IGNORECASE | re.VERBOSE,
)


# A charity's or a cause's account for gifts, which it publishes so that anyone may give: the text says
# both that the account is for donations and that it is published ("the food bank publishes its bank
# details for donations", "das Spendenkonto ... steht auf der Webseite", "rekeningnummer voor giften op
# de site"), or that the owner gives to it and its account is printed for all ("a standing order to the
# hospice, their account's on the leaflet", "ik geef aan het Longfonds, het nummer staat op hun site"), or
# that its account is a public one ("doneren kan op hun openbare rekening", "das öffentliche Spendenkonto").
# Either word alone is not enough: "my account, the one I give to charity from" is an owner's. A food bank,
# Caritas or a collection count as the gift, a poster or a parish sheet as the publishing ("la cuenta de
# Cáritas ..., sale en la hoja parroquial", "o iban do banco alimentar ..., está no cartaz"); a church's
# offerings so too, on its sheet ("l'iban della parrocchia per le offerte ... è sul foglietto").
_DONATIONS = lazy_pattern(
    r"""(?<![^\W_])(?:donations?|donating|donate[sd]?|donativos?|donaci[oó]n(?:es)?|dons|donazion[ei]|doa[cç][oõã]\w*
    |spenden\w*|spendenkonto|giften|gift[ ]aid|doneer\w*|doneren|geef|geven|give[sn]?|giving|standing[ ]orders?
    |charit(?:y|ies)|goede?[ ]doel(?:en)?
    |collectes?|colectas?|collett[ae]|kollekten?|inzameling(?:en)?|fundrais\w*|spendenaktion(?:en)?|cagnottes?
    |vaquinhas?|raccolt[ae](?:[ ]fondi)?|recolhas?|recogidas?|c[aá]ritas
    |food[ ]?banks?|banco[ ]alimentar[e]?|bancos[ ]alimentares|bancos?[ ]de[ ]alimentos|banques?[ ]alimentaires?
    |voedselbank(?:en)?|(?:les|des|aux)[ ]restos(?:[ ]du[ ]c(?:œ|oe)ur)?
    |offerings?|offrandes?|ofrendas?|ofert[oó]rio|(?:per[ ]le|delle)[ ]offerte)(?![^\W_])""",
    re.IGNORECASE | re.VERBOSE,
)
_PUBLISHED = lazy_pattern(
    r"""(?<![^\W_])(?:publi\w*|pubblic\w*|ver[oö]ffentlich\w*
    |(?<!geen[ ])openba(?:ar|re)[ ](?:rekening\w*|iban|nummer)
    |(?<!kein[ ])(?<!keine[ ])(?<!nicht[ ])[öo]ffentlich\w*[ ](?:spenden)?(?:konto|iban|bankverbindung)
    |website|web|webseite|site|sito|sitio|homepage
    |leaflets?|flyers?|posters?|brochures?|folders?|folhetos?|volantin[oi]|d[ée]pliants?|faltbl[äa]tt\w*
    |tracts?|newsletters?|nieuwsbrie(?:f|ven)|rundbrief\w*|gemeindebrief\w*|boletin(?:es)?|notiziari[oi]
    |affich[ée]e?s?[ ](?:dans|au|à|sur)|aush[äa]ng\w*|printed[ ](?:in|on)[ ]the
    |(?:sur|dans)[ ]l['’]affiche|affiches|cartaz(?:es)?|carteles?|plakat\w*|manifesti
    |hojas?[ ]parroquial(?:es)?|foglio[ ]parrocchiale|pfarrbrief\w*|parochieblad\w*
    |parish[ ](?:sheet|bulletin)|fogliett[oi]|stampat[oaie][ ](?:su|sul|sulla|nel|nella))(?![^\W_])""",
    re.IGNORECASE | re.VERBOSE,
)


def published_for_gifts(text: str) -> bool:
    """Whether `text` says an account is for gifts and published for all (`_DONATIONS`, `_PUBLISHED`):
    a charity's or a collection's, not an owner's."""
    return _DONATIONS.search(text) is not None and _PUBLISHED.search(text) is not None


# Or an account said to be someone else's ("their", "hun", "leur") and printed where all can read it: "ik
# maak wat over naar KWF, hun rekening staat op de site", "their account's on the leaflet". An owner does
# not publish an account; "my account is on the website" is still the owner's.
_THEIR_ACCOUNT = lazy_pattern(
    r"""(?<![^\W_])(?:their|hun|leurs?|(?-i:ihre?)|loro|deles|delas)[ ](?:[^\W\d_]+[ ])?
    (?:accounts?|account[ ]number|bank[ ]details|iban|rekening(?:nummer)?|gironummer|konto(?:nummer)?|bankverbindung
    |comptes?|rib|cuentas?|conto|conta|coordonn[ée]es[ ]bancaires)(?:['’]s)?(?![^\W_])""",
    re.IGNORECASE | re.VERBOSE,
)
_THEIR_ACCOUNT_REACH = 40


def published_as_theirs(text: str) -> bool:
    """Whether `text` says an account is someone else's and, in the words right after, published."""
    return any(
        _PUBLISHED.compiled.search(text, match.end(), match.end() + _THEIR_ACCOUNT_REACH) is not None
        for match in _THEIR_ACCOUNT.finditer(text)
    )


# Or a payee's account that the owner is to pay, printed on the payee's bill: the text names a bill, an
# invoice or the letter that brought it ("the factor's invoice says pay ... Ltd, IBAN ...", "Pacht 186 € an
# den Verein, IBAN ... steht auf der Rechnung", "facture du comptable à payer sur BE..", "servicekosten 87
# euro naar de VvE, NL.., staat op de brief"), and a payment (a verb of paying or an amount of money), and
# no account or bill of the owner's ("my IBAN is on the invoice", "meine Rechnungen", "mijn rekening").
_BILL = lazy_pattern(
    r"""(?<![^\W_])(?:invoices?|bills?|rechnung(?:en)?|zahlschein\w*|erlagschein\w*|factures?
    |factu(?:ur|ren)|acceptgiro\w*|facturas?|recibos?|fattur[ae]|bollett(?:a|e|ino)|faturas?|boletos?
    |letters?|brief|briefe|courriers?|lettres?|cartas?|lettera)(?![^\W_])""",
    re.IGNORECASE | re.VERBOSE,
)
_PAYMENT = lazy_pattern(
    r"""(?<![^\W_])(?:pay|pays|paid|paying|payable|payer|pay[ée]e?s?|r[ée]gler|bezahl\w*|zahl(?:en|e|t|bar)|[üu]berweis\w*
    |betal\w*|betaalt?|overmaken|overschrijv\w*|pagar|pague|pagad[oa]|pago|pagare|pagato|pagamento|pagável|bonifico
    |virement|transferencia|transfer[êe]ncia|transfer|paie|paient|vir(?:er|e|ez|é)|vers(?:er|é|ement)|paga|pagan|pagano
    |pagam|versa|versare|versato|versamento|zahl(?=[ ]ich)|ich[ ]zahl)(?![^\W_])
    |(?<![\w.,])\d+(?:[.,]\d{1,2})?[ ]?(?:€|£|\$|eur|euros?|pounds?|dollars?)(?![^\W_])|[€£$][ ]?\d""",
    re.IGNORECASE | re.VERBOSE,
)
_OWNERS_ACCOUNT_OR_BILL = lazy_pattern(
    r"""(?<![^\W_])(?:my|our|mein\w*|unser\w*|mon|ma|mes|notre|nos|mijn|ons|onze|mis?|nuestr[ao]s?|mio|mia|miei|mie
    |nostr[oaie]|meu|minha|meus|minhas|noss[oa]s?)[ ](?:[^\W\d_]+[ ])?
    (?:accounts?|iban|bank|bankverbindung|konto\w*|rekening\w*|comptes?|rib|cuentas?|cont[oia]|invoices?|bills?
    |rechnung(?:en)?|factu(?:ur|ren)|factures?|facturas?|fattur[ae]|faturas?)(?![^\W_])""",
    re.IGNORECASE | re.VERBOSE,
)


# An account for the owner's own bills, or one the owner is paid on, is the owner's: "IBAN pour les
# factures : FR..", "for the invoices, RIB ...", "se fait payer par ses clients sur l'IBAN ...", "dat ze de factuur
# overmaken op NL..." (others paying, into it: "Gäste solln die Tourgebühr hierhin überweisen: DE..").
_OWNER_PAID = lazy_pattern(
    r"""(?<![^\W_])(?:(?:for|pour|para|per|f[üu]r|voor)[ ](?:(?:the|my|our|les|mes|nos|las|los|mis|le|i|die|meine
    |de|mijn|onze|as|os|minhas|meus)[ ])?(?:invoices?|bills?|factures?|facturas?|fatture|faturas?|rechnungen
    |facturen|factuur)
    |clients?|customers?|kunden|klanten|clientes|clienti|guests?|g[äa]ste[n]?|gasten|invit[ée]s|hu[ée]spedes|ospiti
    |h[óo]spedes|teilnehmer\w*|participants?|deelnemers|partecipanti|participantes
    |get(?:s|ting)?[ ]paid|paid[ ]by|se[ ]fait[ ]payer
    |me[ ]fais[ ]payer|me[ ]paient|me[ ]pagan|mi[ ]pagano|me[ ]pagam|betalen[ ]mij
    |(?:they|ze|zij|sie|ils|elles|ellos|eles|loro)[ ](?:(?:can|should|must|will|de|het|die|den|das|la|le|les|el|lo
    |a|o|it|the)[ ]){0,2}(?:[^\W\d_]+[ ])?(?:pay|transfer|overmaken|betalen|storten|[üu]berweisen|zahlen|virer|payer
    |pagar|transferir|pagare|versare))(?![^\W_])""",
    re.IGNORECASE | re.VERBOSE,
)


def a_payees_on_their_bill(text: str) -> bool:
    """Whether `text` gives an account to pay that a bill shows, with no account or bill of the owner's nor
    a payment to the owner (`_BILL`, `_PAYMENT`, `_OWNERS_ACCOUNT_OR_BILL`, `_OWNER_PAID`): a payee's."""
    return (
        _BILL.search(text) is not None
        and _PAYMENT.search(text) is not None
        and _OWNERS_ACCOUNT_OR_BILL.search(text) is None
        and _OWNER_PAID.search(text) is None
    )


# Or a payee's account for a charge that the owner pays: a tax, dues, a fee, a premium or a subscription, or
# the rent of a business's premises or paid to a firm, with a verb of paying or sending it ("the council tax
# goes to the borough on GB..", "loyer à virer à la SCI, FR..", "la cuota del colegio se paga en ES..", "la
# quota della cassa edile si versa su IT..", "waterschapsbelasting overmaken naar NL..", "a renda da oficina
# vai para PT.."), with no account of the owner's, nobody paying the owner (a client, a tenant, a wage, a
# refund) and nothing taken from the account ("the insurance comes out of DE..", "Beitrag wird von DE..
# abgebucht", "the tenants pay the service charge into NL.."). A home's rent to a landlord is a person's
# account, and stays refused ("rent goes to GB..", "a renda vai para a conta do senhorio PT..").
_CHARGE = lazy_pattern(
    r"""(?<![^\W_])(?:tax|taxes|council[ ]tax|dues|fees?|membership|subscriptions?|premiums?|insurance|levy
    |tuition|service[ ]charges?|\w*steuer|\w*beitr[äa]g\w*|\w*geb[üu]hr(?:en)?|\w*versicherung(?:en)?
    |\w*pr[äa]mien?|abo|abonnements?|\w*belasting(?:en)?|contributie|\w*premies?|\w*verzekering(?:en)?
    |lidmaatschap|schoolgeld|servicekosten|imp[ôo]ts?|taxes?[ ]fonci[èe]res?|cotisations?|primes?
    |assurances?|redevances?|scolarit[ée]|cantine|cuotas?|impuestos?|ibi|tasas?|seguros?
    |suscripci[oó]n|mensualidad(?:es)?|matr[ií]culas?|canone|tass[ae]|impost[ae]|imu|tari|quot[ae]
    |contribut[oi]|premio|assicurazion[ei]|abbonament[oi]|rett[ae]|condominio|impostos?|imi
    |taxas?|mensalidades?|pr[ée]mio|propinas?|condom[ií]nio)(?![^\W_])""",
    re.IGNORECASE | re.VERBOSE,
)
_RENT = lazy_pattern(
    r"(?<![^\W_])(?:rent|\w*miete|pacht|\w*huur|loyers?|alquiler(?:es)?|affitt[oi]|renda|alugu[ée][lr])(?![^\W_])",
    re.IGNORECASE,
)
# A business's premises, or a firm or a body as the payee.
_PREMISES_OR_FIRM = lazy_pattern(
    r"""(?<![^\W_])(?:shop|office|workshop|unit|studio|laden|b[üu]ros?|werkstatt|praxis|winkel|kantoor|werkplaats
    |bedrijfsruimte|(?:du|le|el|del)[ ]local|boutique|atelier|bureaux?|oficina|taller|despacho|negocio|negozio
    |ufficio|officina|laborat[oó]rio|loja|escrit[óo]rio|consult[óo]rio
    |sci|sarl|sas|gmbh|ltd|limited|plc|bv|b\.v\.|srl|s\.r\.l\.|spa|lda|s\.l\.|council|hausverwaltung
    |wohnungsbau\w*|woningcorporatie|woonstichting|vve|syndic|agence|inmobiliaria|agenzia|imobili[áa]ria)(?![^\W_])""",
    re.IGNORECASE | re.VERBOSE,
)
_SENT_TO = lazy_pattern(
    r"""(?<![^\W_])(?:goes[ ]to|go[ ]to|sent[ ]to|geht[ ]an|gehen[ ]an|gaat[ ]naar|gaan[ ]naar|va[ ](?:à|a|al|alla)
    |vai[ ]para|v[ãa]o[ ]para)(?![^\W_])""",
    re.IGNORECASE | re.VERBOSE,
)
_PAID_TO_OR_FROM_THE_OWNER = lazy_pattern(
    r"""(?<![^\W_])(?:from|out[ ]of|von|vom|vanaf|desde|abgebucht|abbuch\w*|lastschrift\w*|afgeschreven|incasso
    |pr[ée]l[eè]v\w*|d[ée]bit\w*|domicilia\w*|addebit\w*|cargo|tenants?|mieter\w*|huurders?|locataires?
    |inquilin[oia]s?|wages?|salary|gehalt|lohn|loon|salaris|salaires?|sueldo|n[óo]mina|stipendio|sal[áa]rio
    |pensions?|pensioen|retraite|pensi[oó]n|pensione|refunds?|reembolsos?|rimborsi?|remboursements?|erstattung\w*
    |pays?[ ]out|paid[ ]out|payouts?|auszahl\w*|uitbetal\w*|uitkering\w*)(?![^\W_])""",
    re.IGNORECASE | re.VERBOSE,
)


def a_payees_for_a_charge(text: str) -> bool:
    """Whether `text` gives an account to pay a charge to (`_CHARGE`, or `_RENT` with `_PREMISES_OR_FIRM`;
    `_PAYMENT` or `_SENT_TO`), with no account of the owner's nor money paid to the owner or taken from the
    account: a payee's."""
    return (
        (_CHARGE.search(text) or (_RENT.search(text) and _PREMISES_OR_FIRM.search(text))) is not None
        and (_PAYMENT.search(text) is not None or _SENT_TO.search(text) is not None)
        and _OWNERS_ACCOUNT_OR_BILL.search(text) is None
        and _OWNER_PAID.search(text) is None
        and _PAID_TO_OR_FROM_THE_OWNER.search(text) is None
    )


def _an_owners_iban(candidate: str, text: str) -> bool:
    compact = candidate.replace(" ", "").upper()
    if compact in PUBLISHED_EXAMPLES and _EXAMPLE.search(text) is not None:
        return False
    return not (
        published_for_gifts(text)
        or published_as_theirs(text)
        or a_payees_on_their_bill(text)
        or a_payees_for_a_charge(text)
    )


def iban_anywhere(text: str) -> bool:
    """Whether `text` holds a valid IBAN that is not a published example it calls one."""
    return any(
        iban_valid(match.group()) and _an_owners_iban(match.group(), text) for match in _IBAN.finditer(text)
    ) or any(
        _grouped_iban_valid(match.group()) and _an_owners_iban(match.group(), text)
        for match in _IBAN_GROUPED.finditer(text)
    )


# The start of an IBAN, too short to be one, and the digits that complete it elsewhere: "the landlady's
# account starts with DE9351227085" / "the rest is 5360228709".
_IBAN_START = lazy_pattern(r"(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]){4,26}(?![A-Za-z0-9])")
_DIGITS_REST = lazy_pattern(r"(?<![\w+-])\d(?:[ ]?\d){3,25}(?![\w-])")


def split_iban(text: str, quote: str) -> bool:
    """Whether an IBAN is split between a proposal's text and its quote (or two places of one text):
    an IBAN's start that is not a whole IBAN, and a run of digits after it that completes it to one
    of its country's length passing the mod 97 check. Chance makes one in 97 of such pairs."""
    joined = f"{text}\n{quote}"
    for start in _IBAN_START.finditer(joined):
        head = start.group().replace(" ", "")
        length = _IBAN_LENGTHS.get(head[:2])
        if length is None or len(head) >= length:
            continue
        for rest in _DIGITS_REST.finditer(joined[start.end() :]):
            tail = rest.group().replace(" ", "")
            if len(head) + len(tail) == length and iban_valid(head + tail) and _an_owners_iban(head + tail, joined):
                return True
    return False
