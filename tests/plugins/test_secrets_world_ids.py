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
    "tr-kimlik": [
        "TC kimlik numaram 14862057980",
        "T.C. Kimlik No: 16828288070, hastane için",
        "annemin kimlik numarası 18058887184",
    ],
    "il-teudat-zehut": [
        "ת.ז. 078017597",
        "my teudat zehut is 089834782",
        "מספר תעודת זהות שלי 003340189",
    ],
    "cn-resident-id": [
        "我的身份证号是110105199003075870",
        "身份证号码：110105199003077067，办卡用",
        "my Chinese ID number is 110105 19900307 5870",
    ],
    "hk-hkid": ["my HKID is A123456(3)", "香港身份證號碼：XA654321(6)", "HKID card XA6543216 for the bank"],
    "tw-national-id": ["我的身分證字號是A158948110", "Taiwanese ID A131144029 for the visa form"],
    "kr-rrn": ["주민등록번호는 900101-1426461", "my RRN is 900101-1288979", "주민번호: 900101-1288979"],
    "jp-my-number": ["マイナンバーは5140 2614 0149です", "my My Number is 193141705868", "個人番号：514026140149"],
    "th-national-id": ["เลขบัตรประชาชน 1 4920 83124 02 7", "my Thai ID number is 1-3448-34782-45-5"],
    "id-nik": ["NIK saya 3171 0415 0385 0002", "NIK: 3273015503900002 untuk daftar BPJS"],
    "vn-cccd": ["số CCCD của tôi là 001090012345", "CCCD: 079 195 003 456 để đăng ký"],
    "ae-emirates-id": ["my Emirates ID is 784-1985-8783848-7", "Emirates ID card 784198537261673, for the lease"],
    "sa-national-id": ["my iqama number is 2672326861", "Iqama no. 2563551502 for the clinic", "رقم الهوية 1513613412"],
    "eg-national-id": ["my national ID is 29503150101234", "الرقم القومي 29503150101234"],
    "ec-cedula": ["mi cédula es 1704000882", "cédula de identidad: 1738737160, para la matrícula"],
    "do-cedula": ["mi cédula es 001-7868433-8", "cédula 00153265020 para el banco"],
    "cr-cedula": ["mi cédula es 1-1234-0567", "mi cédula: 2-0456-0789, para la CCSS"],
    "ve-cedula": ["mi cédula es V-12.345.678", "cédula E-81234567 para el trámite"],
    "gt-dpi": ["mi DPI es 2456 78905 0101", "DPI: 0191329130101 para el banco"],
    "personal-number": [
        "my personal number is 811218-5262",
        "her national ID number: 85031590100, the Polish one",
        "my ID number is 1850315400459",
        "my social security number is 15038526511",
    ],
    # The second batch: Russia, Ukraine, Kazakhstan
    "ru-inn": [
        "мой ИНН 500412345600, для налоговой",
        "ИНН: 772816897110 — это мой, физлица",
        "my Russian tax number is 366406939705",
        "ИНН мамы нужен для вычета, вот он: 500412345600",
    ],
    "ru-snils": [
        "мой СНИЛС 145-267-923 79",
        "СНИЛС: 08765432102 для поликлиники",
        "снилс сына нужен в школу, записывай 123-456-789 64",
        "my SNILS is 145 267 923 79",
    ],
    "ua-rnokpp": [
        "мій ІПН 3051212348",
        "РНОКПП: 3254109878, для банку",
        "ідентифікаційний код 2957804320",
        "мой идентификационный код 3051212348",
        "my IPN is 2957804320",
    ],
    "kz-iin": [
        "мой ИИН 850315401231",
        "ИИН: 920611400456 для справки",
        "менің ЖСН 050823500789",
        "my IIN is 781203301154",
        "ИИН дочки запиши, для садика: 050823500789",
    ],
    # Moldova, Iran, Kuwait
    "md-idnp": [
        "IDNP-ul meu este 2001004567892",
        "codul personal: 0987654321014, pentru spital",
        "мой IDNP 2003045123402",
    ],
    "ir-national-code": [
        "کد ملی من ۰۰۸۴۵۷۵۹۴۸ است",
        "كد ملي: 4478123314",
        "my code melli is 008-457594-8",
        "شماره ملی 0091234565 برای بانک",
    ],
    "kw-civil-id": [
        "my civil ID is 285031501248",
        "الرقم المدني 299061100469",
        "civil ID number: 302011500127 for the clinic",
        "I need the civil ID for the visa form, mine is 299061100477",
    ],
    # El Salvador, Nicaragua, Panama, Sri Lanka
    "sv-dui": [
        "mi DUI es 04567890-3",
        "DUI: 12345678-4 para el banco",
        "número de DUI 039284712",
    ],
    "ni-cedula": [
        "mi cédula es 001-150385-0012K",
        "cédula: 281-230790-0004B, para el INSS",
        "cedula 0011503850012K",
    ],
    "pa-cedula": [
        "mi cédula es 8-714-2035",
        "cédula PE-12-345 para el trámite",
        "cédula: E-8-123456",
    ],
    "lk-nic": [
        "my NIC is 853151234V",
        "NIC number 198531501234 for the bank",
        "ජාතික හැඳුනුම්පත් අංකය 927561234V",
        "NIC: 200175601234, for the exam form",
    ],
    # Mauritius, Tunisia, Morocco, Bangladesh, Georgia, Belarus, Jordan
    "mu-nic": ["my NIC is M150385123456C", "NIC number: J0101900001236 for the bank"],
    "tn-cin": ["numéro CIN 08123456", "CIN: 12345678, pour la banque", "رقم بطاقة التعريف 07654321"],
    "ma-cin": ["CIN AB123456 pour le dossier", "ma carte nationale: BK 654321", "رقم البطاقة الوطنية J123456"],
    "bd-nid": ["my NID 19901234567890123", "NID number: 1234567890 for bKash", "এনআইডি নম্বর 8712345678"],
    "ge-personal-number": ["ჩემი პირადი ნომერი 01024085632", "პ/ნ 01005012345", "georgian personal number 61001234567"],
    "by-identification-number": [
        "мой идентификационный номер 3140585A001PB5",
        "личный номер: 4150390H012BA3 для банка",
        "асабісты нумар 5010105M003PB1",
    ],
    "jo-national-number": [
        "الرقم الوطني 9861012345",
        "رقمي الوطني هو 2000123456",
        "jordanian national number 9921034567",
    ],
    "tz-nin": [
        "my NIDA number is 19900315-12345-00001-23",
        "namba ya NIDA ni 19850712141230000217",
        "namba ya kitambulisho cha taifa: 19780101-67234-00003-25",
    ],
    "rw-national-id": [
        "indangamuntu yanjye ni 1199080012345012",
        "my Rwandan ID number is 1 1985 7 0123456 1 23",
        "nomero y'indangamuntu: 1200170045678021",
    ],
    "et-fayda": ["my Fayda FIN is 4721 8390 5612", "Fayda number: 6140 2295 8713 0046", "ፋይዳ ቁጥር 472183905612"],
    "bw-omang": ["my Omang number is 438215923", "Omang ya me ke 782024517", "Omang: 590112345 for the bank"],
    "zw-national-id": [
        "my national ID is 63-123456 A 42",
        "Zimbabwean ID number: 08-2047823-F-13",
        "chitupa changu: 632047823K42",
    ],
    "dz-nin": [
        "mon NIN est 109850123045670012",
        "رقم التعريف الوطني 119900315001234567",
        "numéro d'identification national: 209851203004560078",
    ],
    "bj-npi": [
        "mon NPI est 2145678903",
        "numéro personnel d'identification : 3107654289",
        "NPI 1209876543 pour le dossier",
    ],
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
    # Turkey, Israel, Asia
    "firmanın vergi numarası 1234567890 faturada",
    "TC kimlik numaram 14862057981 değil",
    "kimlik numarası 11 haneli",
    "müşteri hizmetleri 0 850 222 0 850",
    "ת.ז. 078017598 שגוי",
    "身份证号码是18位",
    "订单号 110105199003075871 已发货",
    "my HKID is A123456(4), wrong one",
    "주민등록번호 13자리",
    "マイナンバーは12桁です",
    "マイナンバーのコールセンター 0120-95-0178",
    "เลขบัตรประชาชน 13 หลัก",
    "NIK saya belum jadi, kode pos 12190",
    "CCCD cấp ngày 15/03/2021",
    # The Middle East and Latin America
    "Emirates ID 784-1985-8783848-8 was rejected",
    "Emirates ID renewal costs 370 dirhams",
    "iqama number 2672326862, typo",
    "absher helpline 920020405",
    "national ID 19503150101234 is not valid",
    "cédula 1704000883, no pasa",
    "la cédula tiene 10 dígitos",
    "cédula 001-7868433-9 mal escrita",
    "el pedido 1-1234-0567 llega el lunes",
    "DPI 2456 78906 0101 no existe",
    "pantalla de 600 DPI, 2456 78905 0101 píxeles",
    "my personal number is 811218-5263",
    "the order ID number is 85031590100",
    "my ID number is 12345678901",
    "the tracking number is 1Z999AA10123456784",
    # The second batch: Russia, Ukraine, Kazakhstan
    "ИНН компании 7728168971 на счёте-фактуре",
    "ИНН поставщика 3664069397, КПП 366401001",
    "ОГРН 1027700132195 в договоре",
    "мой ИНН 500412345601, не проходит",
    "ИНН состоит из 12 цифр",
    "ИНН 000000000000 для примера",
    "горячая линия налоговой 8 800 222 22 22",
    "СНИЛС 145-267-923 78 с ошибкой",
    "СНИЛС: номер заказа 1452679237",
    "код ЄДРПОУ 32855961 у рахунку",
    "ІПН 3051212349 не підходить",
    "ІПН має 10 цифр",
    "мій ІПН отримав 12.03.2015, телефон 0441234567",
    "БИН 180140012345 у ТОО",
    "ИИН 850315401232 с ошибкой",
    "ИИН 12 цифр, индекс 050000",
    "номер заказа 850315401231, трек 1Z999AA10123456784",
    # Moldova, Iran, Kuwait
    "codul personal al firmei: IDNO 1008600038413",
    "IDNP 2001004567893 greșit",
    "IDNP are 13 cifre",
    "کد ملی 0084575949 اشتباه است",
    "کد ملی ۱۰ رقمی است",
    "کد ملی ندارم، کد پستی 1234567891",
    "کد ملی 0000000000 نمونه است",
    "شماره تماس من 09121234567",
    "civil ID 285031501249 was rejected",
    "civil ID renewal costs 5 KD, call 1889988",
    "my civil ID expires 2027-03-15",
    "الرقم المدني 12 رقم",
    "tracking number 285031501248 for the parcel",
    # El Salvador, Nicaragua, Panama, Sri Lanka
    "mi DUI es 04567890-4, no sale",
    "got a DUI last year, 2 points",
    "el DUI tiene 9 dígitos",
    "cédula vence 1-2-2024",
    "la cédula 8-714-20 está incompleta",
    "el pedido 001-150385-0012 llega el lunes",
    "cédula 001-150385-0012, me falta la letra",
    "NIC 123456789012 for the server",
    "NIC has 12 digits",
    "the NIC 853991234V is not valid",
    "ordered a new NIC, tracking 1Z999AA10123456784",
    "Sri Lankan ID helpline 1919",
    # Mauritius, Tunisia, Morocco, Bangladesh, Georgia, Belarus, Jordan
    "NIC M150385123456D was refused",
    "CIN 00000000 sur le modèle",
    "la CIN coûte 75 dirhams, ICE 001525687000088 sur la facture",
    "CIN U72200MH2009PLC123456 of the company",
    "NID card will come in 30 days, hotline 105",
    "NID 0000000000 in the example",
    "პირადი ნომერი 11 ციფრია",
    "личный номер телефона 80291234567",
    "идентификационный номер 3140585 без букв",
    "الرقم الوطني 10 أرقام",
    "الرقم الوطني للطوارئ 911",
    # Tanzania, Rwanda, Ethiopia, Botswana, Zimbabwe, Algeria, Benin
    "NIDA ina tarakimu 20",
    "NIDA number 19901315-12345-00001-23 ni kosa",
    "NIDA number 20850315-12345-00001-23",
    "namba ya simu 0754123456",
    "indangamuntu ifite imibare 16",
    "indangamuntu 1199050012345012",
    "indangamuntu 1 2090 8 0012345 0 12",
    "Fayda has 12 digits",
    "Fayda 0000 0000 0000",
    "Fayda card comes in 30 days, call 8222",
    "Omang 438255923",
    "Omang has 9 digits",
    "the Omang office in Gaborone opens at 7:30",
    "national ID 63-123456 42",
    "national ID appointment 12-03-2024 at 9",
    "national ID office 63-1234567",
    "le NIN a 18 chiffres",
    "NIN 000000000000000000",
    "NIN 101230123045670012 introuvable",
    "NPI 0000000000",
    "le NPI a 10 chiffres",
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
