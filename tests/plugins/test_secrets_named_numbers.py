"""A personal number or a bank account's number said after its name, in a country the check knows no format of, is
refused (`named_numbers`); a security question's topic noted with "q" or "answer" and its answer is refused
(`security_answers`); so are a national scheme's card number where its line says a card is meant (`cards`) and a
banking app's or a wallet's code after its name (`device_codes`). What looks like them and is someone else's, a
machine's, a phone's, an example or a number said to be wrong is stored; and a number laid out as a known family's
whose check fails stays stored, as before.

None of these sentences comes from a corpus: each is written here for the rule it pins."""

from __future__ import annotations

import pytest

from personakit_plugin.default_plugins.secrets import holds_secret, proposal_secret_kind
from personakit_plugin.default_plugins.secrets.named_numbers import account_number_said, personal_number_said
from personakit_plugin.default_plugins.secrets.normalise import normalise

PERSONAL_NUMBERS = [
    "my tin 7730125498 for the return",
    "nis number 58213377",
    "voters card no 3391827",
    "nssf 448812903",
    "tax ref H55102837 from the treasury",
    "social insurance no F7712093K",
    "ma carte consulaire c'est le C4410293",
    "cnss n° 771203384",
    "mon ifu 00077338M",
    "numero de seguro css 811-4472",
    "meine personalnummer 5523319087",
    "aufenthaltskarte nr D55108823",
    "o meu bi é 110100447123B",
    "o meu tin é 1514198072",
    "mon titre de séjour n° 7514198072",
    "permesso di soggiorno n. 550641529",
    "werkvisum nummer NP-W5510337",
    "work permit WP551033",
    "carte d'électeur n° 2464083311",
    "pension number 5523690",
    "my brother's id 555268197 for the transfer",
    # whose it is or where from, between the name and the value
    "tin da ARS 1514198077",
    "o meu cpr do bahrain é 871632409",
    "social security anguilla 038907",
    "residence permit eritrea 5762699",
    "mijn verblijfskaart 3319087265",
    "la mia tessera sanitaria 559962258",
    # who holds it, after "from", "with" or "at", then a verb
    "my TIN from IRA is 937521",
    "his taxpayer identification number with Revenue Services is 937522",
    # more names: a voter's registration, a provident fund's member number, a Dutch id card, a Belgian eID, a
    # Spanish health card with its region's letters
    "voter registration number is 1855011",
    "snpf member no 782801",
    "id kaart nr KX2371381",
    "eid kaartnummer 591-4244176-51",
    "tarjeta sanitaria SAS ANDA915513264781",
    # a ration card's, a nationality certificate's
    "ration card no 4821937",
    "nationality certificate number 4821931",
    # names in Turkish, Arabic said in Latin letters, Russian's initials, Haitian Creole, the other languages' passports
    "tc kimlik no 1234567891",
    "vergi no 7701234569 for the rent contract",
    "ehliyet numaram 551204",
    "al raqam al watani 12345678901",
    "bitaka shakhsiya 98765432101",
    "my INN 402634819",
    "kat idantifikasyon mwen: 4455667788",
    "mi pasaporte argelino 551204998",
    # a number word after whose it is, an article after the verb, two letter groups before the digits
    "carte électeur CENI no 1234567890123",
    "mi carnet saharaui es el 55120499",
    "my carte de résident is ML-CR-551204",
]

ACCOUNTS = [
    "coop acc BK 00031-01993245-11",
    "cuenta banesco 0102 0419 77 4190028111",
    "compte ecobank 0220 2456 7831 9113",
    "rib da minha conta 50003 00111 67158361477 22",
    "dbbl ac 118.151.0049933",
    "conta nedbank 63102099871",
    "rib bnda: ML042 71102 169255432722 41",
]

# Luhn-valid, from the first digits of Uzbekistan's Uzcard and Humo and Kyrgyzstan's Elcard.
DOMESTIC_CARDS = ["my uzcard 8600 4929 1830 1157", "humo card 9860 1122 3344 5561", "elcard 9417 5510 2837 4411"]

APP_CODES = ["fnb app code 551203", "digiwallet code 771204", "mbank code 995812", "code 44128 from the bank app"]

SHORTHAND_ANSWERS = [
    "security q first car - corolla",
    "fav food q mandazi",
    "grandpa village qn = ruvuma",
    "fav teacher answer: mr otieno",
    "first phone q - motorola razr",
]

LOOK_ALIKES = [
    # someone else's number, or one printed for all
    "the supplier's TIN 7730125498 is on every invoice",
    "la cooperativa tiene el RUC 0991234567001 en sus facturas",
    "Kovač d.o.o., OIB: 55102837441",
    "cuenta de la cooperativa 0102 0419 77 4190028111",
    "the landlord's cuenta banesco 0102 0419 77 4190028111 for the rent",
    # a phone's, a machine's, an order's, a travel pass's, a council's
    "ID number 07700912345 is my mobile",
    "call the account manager on 020 7946 1234",
    "NIC 448219370012 for the server",
    "o modelo BI 55102837 da impressora",
    "order ID number 77120394561 shipped",
    "bus pass number 44821937 in my wallet",
    "Council tax ref is 60071846399 if they ring",
    "tax no. 33912045 in the ledger",
    # a number said to be wrong, an example, or its format
    "national ID 0000000000 in the example",
    "my tin 7730125498 was rejected, it is wrong",
    "the NIN has 14 characters, CM12345678901234 is only digits",
    "acc 2024 2025 statement",
    # a number a card word does not name, a SIM card's, a bank's own code, a game's code
    "reference 8600 4929 1830 1157",
    "SIM card 8944 1122 3344 5566 778",
    "the bank code for transfers is 37040044",
    "app code 1234 for the game",
    # words before a number are not its letters
    "cédula del 12345678",
    "tin for 12345678",
    "OIB tvrtke 60385280843 na računu",
    # a postcode after "your code" ("su código postal ... es")
    "Su código postal en Ponce es 00716.",
    "votre code postal à Papeete est 98714",
    # a word between the name and the value that says what else is meant, or only joins
    "social security office 0800 123 456",
    "tin renewal 2024 2025 done",
    "national id appointment 12 03 2025 0930",
    # a bank's own routing number, which all its customers share
    "Bank of Tonga's routing number is 121000358",
    "bank routing # 121000358",
    # an animal's passport
    "the falcon passport is SA-F-0093317",
    # a question asked, an answer not given
    "my first q for the interview is about pay",
    "her first answer is always no",
    "fav q about the course: when does it start",
    # "from", "with" or "at" before what is not whose it is
    "social security number from the office 1234567",
    "my tax number at the office 1234567",
    "passport valid from 2019 123456789",
    # a holiday's dates after "Eid", a hotel's phone after "INN", a date with spaces after a booklet's name
    "Eid holidays 25 26 27 28 june",
    "Holiday INN 0800 123 456",
    "cartilla de vacunación 12 03 2024",
    # a company's tax number, on its invoices
    "our Ltd. Şti. vergi no is 4058860181, it's on every fatura",
    # a fund's member ID, as a shop's loyalty card is
    "the pension fund's member ID 88812345 is on the leaflet printed for all",
]


@pytest.mark.parametrize("sentence", PERSONAL_NUMBERS)
def test_a_personal_number_after_its_name_is_refused(sentence: str) -> None:
    assert personal_number_said(normalise(sentence)), sentence
    assert proposal_secret_kind(sentence, "") is not None


@pytest.mark.parametrize("sentence", ACCOUNTS)
def test_an_account_after_its_name_and_its_bank_is_refused(sentence: str) -> None:
    assert account_number_said(normalise(sentence)), sentence
    assert proposal_secret_kind("", sentence) == "bank-account-number"


@pytest.mark.parametrize("sentence", DOMESTIC_CARDS)
def test_a_national_schemes_card_is_refused_where_a_card_is_meant(sentence: str) -> None:
    assert proposal_secret_kind(sentence, "") == "card-number"


@pytest.mark.parametrize("sentence", APP_CODES)
def test_a_banking_apps_code_after_its_name_is_refused(sentence: str) -> None:
    assert proposal_secret_kind(sentence, "") == "pin-code"


@pytest.mark.parametrize("sentence", SHORTHAND_ANSWERS)
def test_a_security_answer_noted_in_shorthand_is_refused(sentence: str) -> None:
    assert proposal_secret_kind("Noted a security question's answer.", sentence) == "security-answer"


@pytest.mark.parametrize("sentence", LOOK_ALIKES)
def test_what_looks_like_them_is_stored(sentence: str) -> None:
    assert not holds_secret(sentence, sentence), sentence


def test_a_number_laid_out_as_its_familys_whose_check_fails_stays_stored() -> None:
    # A Spanish DNI whose letter is wrong and a Bahraini CPR with no such month: their families judge them, and a
    # number whose check fails is not refused; the same name before a layout no family has is refused by name.
    assert not holds_secret("DNI 12345678-A", "")
    assert not holds_secret("CPR 881512345", "")
    assert holds_secret("DNI 1208-88123-4", "")
    assert holds_secret("CPR 88-15-12345-66", "")
    # A Zimbabwean ID without its check letter is in no family's layout: refused by its name, as an owner's
    # number typed short is still the owner's.
    assert holds_secret("national ID 63-123456 42", "")
    # A generic name ("social security number", "national ID") before digits in none of the checked countries'
    # layouts is no check that failed: refused.
    assert holds_secret("my social security number is 466419", "")


def test_the_name_alone_or_a_short_number_is_stored() -> None:
    assert not holds_secret("my tin is on the payslip", "renewed my cni last week")
    assert not holds_secret("nssf 2024", "acc 1234567")
