"""The identity numbers of countries added from their published formats, before any blind part asked for them:
said by their owners in chat, in their languages and in English, they are refused; the numbers that look like
them (a firm's, a phone's, an order's, a date, a length, an example, a helpline, a wrong check digit) are stored.
"""

from __future__ import annotations

import pytest

from personakit_plugin.default_plugins.secrets import holds_secret

SECRETS = {
    "se-personnummer": [
        "mitt personnummer är 811218-5262, om vårdcentralen frågar",
        "personnr 19900514-1594 till bostadskön",
        "pappas personnummer: 811218 0180",
        "my Swedish personal number is 199005140836",
        "skriv in personnumret 19900514-1594 i ansökan åt mig",
    ],
    "no-fodselsnummer": [
        "fødselsnummeret mitt er 150385 08242",
        "Fnr: 15038519937 til legekontoret",
        "min datters personnummer er 15038571041, for skolen",
    ],
    "dk-cpr": [
        "mit CPR-nummer er 150385-1970",
        "CPR: 1503851460 til lægen",
        "cpr nr. 150385-1970 skal bruges til skolen",
    ],
    "fi-henkilotunnus": [
        "henkilötunnukseni on 131052-308T",
        "hetu 010594Y203F lomakkeeseen",
        "tyttären henkilötunnus: 020505A187M, päiväkotia varten",
    ],
    "is-kennitala": [
        "kennitalan mín er 120174-2079",
        "kt. 1201742159 fyrir leiguna",
    ],
    "ee-isikukood": ["minu isikukood on 38501212237", "isikukood: 49203289073 arsti jaoks"],
    "lt-asmens-kodas": ["mano asmens kodas 49203176036", "asmens kodas: 38501307929, bankui"],
    "lv-personas-kods": [
        "mans personas kods ir 150385-11378",
        "personas kods: 150385-12151 ārstam",
        "dēla personas kods ir 321234-56789",
    ],
    "pl-pesel": [
        "mój PESEL to 85031590100",
        "numer PESEL córki: 02210359013, do przedszkola",
        "pesel mamy 85031592812 do przychodni",
    ],
    "cz-sk-rodne-cislo": [
        "moje rodné číslo je 905512/0008",
        "RČ manželky: 9055120019, pro pojišťovnu",
        "rodne cislo 905512/0020 do formuláře",
    ],
    "ro-cnp": [
        "CNP-ul meu este 1850315400459",
        "codul numeric personal al mamei: 2920611120711",
    ],
    "bg-egn": ["ЕГН-то ми е 8503157779", "EGN 0542031543 za detskata gradina", "моето ЕГН: 8503154126"],
    "hr-oib": ["moj OIB je 60385280843", "OIB: 61485253886 za poreznu"],
    "yu-jmbg": [
        "moj EMŠO je 1503985508530",
        "JMBG: 0101990716332 za banku",
        "мој ЈМБГ 0101990718750",
    ],
    "hu-taj": ["TAJ számom 100 474 392", "a TAJ szám: 157551312, az orvosnak"],
    "hu-tax-id": ["az adóazonosító jelem 8373537996", "adóazonosító jel: 8075116372"],
    "gr-amka": [
        "ο ΑΜΚΑ μου είναι 15038526511",
        "AMKA 15038567614 gia ton giatro",
    ],
    "gr-afm": ["το ΑΦΜ μου είναι 022202978", "ΑΦΜ: 029975289 για τη δήλωση"],
}

# What must stay stored though it looks like one: a firm's number printed on invoices, a phone's, an order's, a
# date, a postcode, a number's length, an example of zeros, an agency's helpline, a wrong check digit.
STORED = [
    # Sweden, Norway, Denmark, Finland, Iceland
    "organisationsnummer 556036-0793 står på fakturan",
    "mitt personnummer har 12 siffror",
    "personnummer 811218-5263, det blev fel",
    "personnummer 000000-0000 i exemplet",
    "ring Skatteverket om personnumret, 0771-567 567",
    "fødselsnummer 15038508243 ble avvist",
    "Telefonnummeret er 15038508242? nei, det er 22 33 44 55",
    "CVR-nummer 10150817 står på regningen",
    "CPR-nummer? ring borger.dk på 70 20 00 18",
    "CPR-nummeret har 10 cifre",
    "CPR 320385-1970 er ikke en dato",
    "henkilötunnus 131052-308U on väärin",
    "Y-tunnus 0112038-9 laskussa",
    "kennitala fyrirtækisins 530269-7609 á reikningnum",
    # The Baltics, Poland, Czechia, Romania, Bulgaria, Croatia, the former Yugoslavia, Hungary, Greece
    "isikukood 38501212238 on vale",
    "asmens kodas turi 11 skaitmenų",
    "numer zamówienia 85031590100 w sklepie",
    "REGON 123456785 na pieczątce",
    "PESEL 85031590101 nie przechodzi",
    "PESEL ma 11 cyfr, na przykład 00000000000",
    "IČO 27082440 na faktuře",
    "rodné číslo 905512/0009 je špatně",
    "objednávka 9055120008 dorazí zítra",
    "CNP 1850315400450, greșit",
    "EGN 8503157770 e greshno",
    "OIB tvrtke 60385280843 na računu",
    "Zagreb d.o.o., OIB: 61485253886",
    "OIB 00000000000 u primjeru",
    "JMBG ima 13 cifara",
    "TAJ szám 100 474 393 hibás",
    "az adószám 12345678-1-23 a számlán",
    "AMKA 15038526512 λάθος",
    "ΑΦΜ εταιρείας 094014201 στο τιμολόγιο",
]


@pytest.mark.parametrize(
    ("kind", "sentence"), [(kind, sentence) for kind, sentences in SECRETS.items() for sentence in sentences]
)
def test_each_countrys_number_said_with_its_name_is_refused(kind: str, sentence: str) -> None:
    assert holds_secret(sentence, ""), (kind, sentence)
    assert holds_secret("", sentence), (kind, sentence)


@pytest.mark.parametrize("sentence", STORED)
def test_its_look_alikes_are_stored(sentence: str) -> None:
    assert not holds_secret(sentence, ""), sentence
    assert not holds_secret("", sentence), sentence
