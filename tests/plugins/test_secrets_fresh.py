"""Secrets said in the shapes of the blind corpus are refused, and the ordinary sentences that look like
them are stored.

Measured on `corpus/secrets_fresh/`, written in seven languages without reading the detector: the tuning parts must
pass whole (the second to the forty-ninth are the first forty-eight held-out parts, each looked at once after tuning,
126 of 139, 197 of 222, 245 of 283, 261 of 324, 253 of 310, 267 of 316, 269 of 300, 210 of 300, 246 of 317, 217 of
252, 222 of 256, 231 of 256, 219 of 240, 227 of 240, 225 of 241, 218 of 240, 220 of 242, 244 of 260, 222 of 240, 223
of 240, 214 of 240, 218 of 240, 212 of 240, 212 of 240, 195 of 240, 180 of 240, 174 of 240, 180 of 240, 180 of 240,
170 of 240, 194 of 240, 199 of 240, 207 of 240, 221 of 240, 190 of 240, 224 of 240, 221 of 240, 219 of 240, 226 of
240, 219 of 240, 225 of 240, 207 of 240, 216 of 240, 213 of 240, 235 of 240, 228 of 240, 229 of 240 and 233 of 240
secrets refused then, and tuned on since; a part still being tuned on has a floor of secrets refused, see
`TUNING_MIN_REFUSED`); the next held-out part, written apart and added later, is never read while tuning, must not
fall below the figures it gives at its one measurement (see `HELD_OUT_MIN_REFUSED`), and its failures are reported as
counts only; until it is there, its tests are skipped with a line that says so.
Every run prints the figures of each part (`conftest.pytest_terminal_summary`);
`benchmarks/secrets_fresh.py` prints them language by language.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from personakit_plugin.core.kit import PersonaKit
from personakit_plugin.default_plugins import refuse_credentials
from personakit_plugin.default_plugins.secrets import holds_secret, proposal_secret_kind
from personakit_plugin.default_plugins.secrets.bank_numbers import cbu_valid
from personakit_plugin.default_plugins.secrets.ids_americas import (
    cl_rut_valid,
    cnh_valid,
    cns_valid,
    co_nit_valid,
    mx_nss_valid,
    rfc_valid,
)
from personakit_plugin.default_plugins.secrets.ids_india_africa import (
    aadhaar_valid,
    nric_valid,
    nuit_valid,
    za_id_valid,
    za_tax_valid,
)
from personakit_plugin.default_plugins.secrets.ids_north_europe import kvnr_valid, lu_matricule_valid
from personakit_plugin.default_plugins.secrets.ids_oceania import ird_valid, medicare_card_valid, tfn_valid
from personakit_plugin.default_plugins.secrets.ids_south_europe import it_health_card_valid
from personakit_plugin.default_plugins.secrets.numbers import (
    ahv_valid,
    at_sv_number_valid,
    bsn_valid,
    clabe_valid,
    cpf_valid,
    curp_valid,
    itin_valid,
    licence_valid,
    nhs_valid,
    nif_pt_valid,
    niss_valid,
    nss_es_valid,
    pps_valid,
    sin_valid,
    sv_number_valid,
)

from ..helpers.secret_corpora import (
    FRESH_HELD_OUT,
    FRESH_PARTS,
    FRESH_TUNE_PARTS,
    figures,
    fresh,
    fresh_exists,
    fresh_missing,
)

ROOT = Path(__file__).parents[2]

# One sentence for each shape the corpus taught the detector, with fictional values (those with a
# checksum pass it); none is a sentence of the corpus. The key says what it shows.
SHAPES: dict[str, str] = {
    "an IBAN grouped as Spanish banks print it": "la cuenta de la comunidad: ES91 2100 0418 45 0200051332",
    "an IBAN grouped as Italian banks print it": "bonifico su IT60 X 05428 11101 000000123456 entro venerdì",
    "an ITIN further on in its label's sentence": "my ITIN - the one on the tax letter - 952-95-0181",
    "an SSN after 'social'": "she asked for my social again, it's 512-44-7319",
    "a Steuer-ID with dashes": "Steuer-ID aus dem Brief: 13-570-869-260",
    "a Steuer-ID after 'Steuernummer-ID'": "meine Steuernummer-ID lautet 13570869260",
    "a DNI and its 'letra'": "DNI 48123456 letra G",
    "a NIR and its 'clé'": "numéro de sécu 2 85 07 75 056 123 clé 70",
    "a Dutch BSN": "mijn BSN is 690830166",
    "a Portuguese NIF": "NIF 275749118 para a fatura",
    "a Canadian SIN": "SIN 390 139 624, for the Canadian tax form",
    "a Spanish social security number": "número de la Seguridad Social: 28 24704558 53",
    "a German social insurance number": "Rentenversicherungsnummer 12 150385 M 014",
    "a list of backup codes": "discord backup codes are qkahzr2m vbnlpxaw tt3wqaze",
    "recovery codes after a service's name": "códigos de recuperación Dropbox: 7hq2k9xm4p1z",
    "a keypad code with a letter": "le digicode du bâtiment C est 2291A",
    "'psw'": "psw del router: Tramonto88",
    "a padlock's code in groups": "cadenas du vélo 3-8-1-4",
    "a padlock's code in groups, nothing it opens named": "the padlock is 7-2-9-4",
    "a card as what a code opens": "le code de la carte c'est 8812",
    "an e-mail login and a password": "Spotify: tom.h@example.org / Vinyl2023",
    "a passphrase of capitalised words and a number, after an aside": (
        "the vault passphrase, which I picked last spring, is Copper Lantern Meadow 61"
    ),
    "a router's key in digit groups": "Netzwerkschlüssel: 3391 0472 8815 2260",
    "'code wifi'": "le code wifi du gîte c'est mk29dk44qz",
    "a two-factor seed named in Italian": "chiave dell'autenticatore: MFRGGZDFMZTWQ2LK",
    "a Wi-Fi key named with an article": "la chiave della rete è 4kq9zv7m2w",
    "a router's key named in French": "clé de la box : 9e8d7c6b5a4f",
    "a licence key named in German": "Lizenzschlüssel: QK7JG-NPHTM-C97JM-9MPGT-3V66T",
    "a recovery key of digit groups": "BitLocker recovery key 612345-234567-345678-456789-567890-678901-789012-890123",
    "a door code with a hyphen": "Tor-Code 4417, falls ich nicht da bin",
    "a password five words before its name": "Kestrel48 — that's the wifi password",
    "a French identity card's twelve digits": "numéro de carte d'identité : 930475120864",
    "a driving licence number": "Führerscheinnummer B072RRE2I55",
    "a driving licence number in groups": "driver's license D123-4567-8901",
    "a wallet's private key in hex, which an address is not": (
        "wallet private key 0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318"
    ),
    "an EVM-shaped string named as a key": "api key 0x742d35Cc6634C0532925a3b844Bc454e4438f44e",
    "an American Express number in one run": "Amex 378282246310005",
    "a seed phrase after '12 palabras'": (
        "mis 12 palabras: guilt giraffe charge dilemma initial parade relief gallery blast chuckle ocean spoon"
    ),
}
# The shapes the second tuning part taught it, the same way.
SHAPES_ROUND_2: dict[str, str] = {
    "a seed phrase of the Spanish list after its label": (
        "mi frase semilla: recoger ocre dictar cráneo gen untar tanque retrato puré ayer capucha malo"
    ),
    "a seed phrase of the French list after its label": (
        "mes 12 mots : justice bilingue gibier couvrir louve vipère reporter matière vinaigre bermuda électron énergie"
    ),
    "a seed phrase of the Italian list after its label": (
        "frase di recupero del wallet: altalena smemorato ampliare maturo risultato commando troppo croce alzare"
        " codardo alabarda altrove"
    ),
    "a seed phrase of the Portuguese list after its label": (
        "frase semente: isca fadiga trindade surreal viveiro ajudar torque matinal afastar dentista delator perplexo"
    ),
    "a seed phrase of the Italian list without a label, checksum included": (
        "diametro lardoso verbale endemico isolato ribadire disumano ortensia paga etto umile ardito"
    ),
    "a seed phrase of the French list without a label, checksum included": (
        "à garder : brique stable puiser intime banlieue frontal séance paniquer intuitif séparer séjour gélule"
    ),
    "a password's name misspelt": "my pasword for the climbing gym app is Boulder4Life77",
    "a password's name misspelt another way": "netflix passwrd is popcorn4night",
    "'priv key'": "eth priv key 0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318",
    "a BitLocker key after a clause, no connector": (
        "bitlocker key of the old desktop 197634-223887-121355-907663-522519-458123-308139-315930"
    ),
    "a licence number in groups, the sentence going on": "driving licence number is K418-2290-7731 if the insurer asks",
    "a DNI written with dots": "mi DNI es 53.281.947-D",
    "an NIE written with dashes": "NIE de mi hermano: Y-4172905-Y",
    "a French ID card number of twelve letters and digits": "numéro de carte d'identité K7PQ2XZ9LM44",
    "a passphrase named in French": "ma phrase de passe VeraCrypt : lune-bleue-77-sur-mer",
    "a passphrase named in Spanish": "mi frase de paso de GPG: faro-rojo-88-norte",
    "a passphrase named in Italian": "la mia frase segreta è Gatto-Nero-19-Luna",
    "a password changed 'in' a new value, in Italian": "ho cambiato la password del wifi ieri in Pesca742Limone",
    "a password changed 'para' a new value, in Portuguese": "mudei a senha do email para Caju55Verde",
    "a network's bare key, named after it": (
        "unser WLAN heißt Hausnetz und der Schlüssel lautet 7712 0931 4456 2280 1193"
    ),
    "a network's bare key in English": "the wifi is called Moonbase and the key is Crater-Dust-2291",
}
# The shapes the third tuning part taught it, the same way.
SHAPES_ROUND_3: dict[str, str] = {
    "a Brazilian CPF with its dots": "o CPF da minha mãe é 529.982.247-25",
    "a CPF in one run after an aside": "CPF (para a nota fiscal) 52998224725",
    "a Portuguese citizen card number in its groups": "o número do cartão de cidadão é 12345678 9 ZZ1",
    "an owner's word between a label and its number": "NIF do titular: 275749118",
    "a driver license, no possessive": "driver license D4213377 for the rental",
    "a British licence in its groups": "licence number MORGA 753116 SM9IJ, for the hire car",
    "'n°' before a French licence's label": "n° de permis : 120475300981",
    "a pass phrase of lower-case words after a colon": "my pass phrase for the backup disk is: silver otter lantern 42",
    "an unlock code named in German": "Entsperrcode fürs iPad 604812",
    "an unlock code named in Spanish": "código de desbloqueo del móvil: 7731",
    "a code of a Dutch compound that names what it opens": "code brievenbus 3382",
    "a locker's combination of three digits": "a combinação do cacifo do ginásio é 417",
    "a password in a reference's shape, in two cases": "the zip opens with password INV-2291-kq",
    "a security answer for a bank, in English": "for the bank's security question my first school was Ashgrove",
    "a security answer by its label, quoted": "als Sicherheitsantwort habe ich 'Rosenheim' genommen",
    "a security answer for a bank, in Spanish": "para el banco, el apellido de soltera de mi madre es Ortega",
    "a security answer, in French": "question secrète : ville natale = Quimper",
    "a security answer, in Italian": "domanda segreta della banca: primo animale -> Briciola",
    "a security answer for a bank, in Portuguese": "no banco, o nome do meu primeiro animal é Tobias",
    "a security answer, in Dutch": "beveiligingsvraag: meisjesnaam moeder is Jansen",
    "a PIN spelled out in English words": "the PIN of the garage is six one one eight",
    "a PIN spelled out in Spanish words, with hyphens": "el pin del móvil: cinco-dos-nueve-cero",
    "a PIN spelled out in Dutch words": "pincode van de bankpas is zeven drie twee vijf",
    "a password spelled letter by letter": "the wifi password is T, i, g, e, r, then 4 4",
    "a safe's dial, turn by turn": "combinación de la caja fuerte: derecha 12 izquierda 30 derecha 5",
    "a lock that opens with a code": "the key box by the cabin door opens with 3318",
    "a safe that opens with a code, in German": "der Tresor im Keller öffnet mit 7731",
    "an alarm's code after what it guards, no verb": "Alarmanlage Ferienhaus 4471",
    "a card number near the word 'test', not called a test card": "card for the test purchase: 4539 1488 0343 6467",
    "an AWS key spelling EXAMPLE, nothing saying it is documentation": "aws access key AKIAI44QH8DHBEXAMPLE in prod",
    "a Stripe secret test key": "the stripe secret key sk_test_4eC39HqLyjWDarjtT1zdp7dc",
}
# The shapes the fourth tuning part taught it, the same way.
SHAPES_ROUND_4: dict[str, str] = {
    "an IBAN whose start and rest are apart": "IBAN begins DE89370400\nand ends 440532013000",
    "a code said digit by digit after what it opens": "the shed alarm is 7 3 1 5, don't tell the kids",
    "a code said digit by digit, in German": "Kellertür Code ist 4 0 9 2 für den Handwerker",
    "a code and the key that ends it": "the gate is 3318 then the bell symbol",
    "a code and the key that ends it, in Spanish": "para entrar en el portal pulsa 7742 y luego la llave",
    "a code and the key that ends it, in Dutch": "deurcode atelier: 5521 gevolgd door het sleuteltje",
    "a code digit by digit and a hash, in French": "code de la porte du garage : 6 2 0 8 dièse",
    "a code digit by digit and a star, in Italian": "codice del portone 9 4 1 3 *",
    "a code set on a safe, the number first": "he puesto 0731 en la caja fuerte del apartamento",
    "a code a safe was left with, in Portuguese": "o cofre do escritório ficou com 6619",
    "a lock that opens with a code, German word order": "das Vorhängeschloss geht mit 4471 auf",
    "a combination in spaced groups": "candado del trastero: 4 - 1 - 8",
    "a dial's turns, number first": "gym locker combination is 22 right 8 left 31 right",
    "a 'Zahlenkombi'": "Zahlenkombi vom Spind: 31-07-22",
    "an immobiliser code after a clause with 'from'": "immobiliser code from the dealer's letter: 5820",
    "a label, a place and a colon": "alarmcode zomerhuis: 3 9 1 7",
    "an alarm's code after a colon, words after it": "Alarmanlage im Büro: 8130 zum Entschärfen",
    "an answer after a security question and the question": "question secrète : nom du premier chien → Filou",
    "an answer after a bracketed question": "respuesta secreta (ciudad del primer trabajo): Cuenca",
    "an answer with a title": "pergunta de segurança: professora preferida = Sra. Cardoso",
    "a memorable word": "memorable word for the building society is MARMALADE",
    "a password spelled with letter and sign names, in Italian": (
        "la password è acca maiuscola, o, emme, e, chiocciola, tre tre"
    ),
    "an employer identification number": "our EIN is 12-3456789 for the invoices",
    "a Belgian national register number": "rijksregisternummer van mijn zoon: 85.07.30-033.28",
    "a Belgian national register number in one run, further on": "nationaal nummer van oma staat hier: 85073003328",
    "a French tax number after its bracketed name": "numéro fiscal (SPI) : 1234567890123",
    "a Spanish social security number as its card prints it": "número de la seguridad social 08/12345678/12",
    "a passport number with one digit, in capitals": "Reisepass Nr. CFGH4JKLM, bis 2031",
    "a passport number after 'n.º'": "passaporte n.º P123456",
    "a Portuguese NIF after a name": "contribuinte da Ana: 123456789",
    "recovery codes after a service in lower case": "herstelcodes google account: 4K9TV-WQ2X8, 7PQ2M-RR4TZ",
    "a password dictated in words, a sign said by its name": (
        "the gym locker app password is at sign purple turtle nine four exclamation mark"
    ),
    "a router's key in one run after a clause and a colon": "the wlan password is under the modem: 5529184470312",
    "half a seed phrase after a label that names the part": (
        "second half of the recovery phrase: prison fiber orient tribe ripple glance"
    ),
    "an e-mail, a label and a password of capitalised words run together": (
        "hbo → mail: pablo.ruiz@example.es / clave2: MiPerroCanela"
    ),
    "a Dutch password named in the singular": "mijn wachtwoord voor de bibliotheek is Boekenwurm_77",
    "a published test number said as the owner's beside a bare 'test'": (
        "my visa is 4242 4242 4242 4242, the test drive deposit went on it"
    ),
}
# The shapes the fifth tuning part taught it, the same way.
SHAPES_ROUND_5: dict[str, str] = {
    "a smart lock's code on its line after the code's word and a colon": (
        "code of the smart lock at the cabin for the cleaner: 552817"
    ),
    "a lock's code on its line, in Portuguese": "código da fechadura da garagem para o jardineiro: 381920",
    "a lock's code on its line, in Spanish": "código de la cerradura del trastero para el fontanero: 604417",
    "a parcel locker's code on its line, in French": "code de retrait de la consigne de la gare : 730148",
    "a suitcase lock set to a number": "the suitcase lock is set to 5082 now",
    "a padlock set to a number, in Dutch": "het hangslot van de schuur staat nu op 3391",
    "a combination lock set to a number, in German": "das Zahlenschloss am Spind ist auf 7720 eingestellt",
    "a padlock set to a number, in French": "le cadenas de la cave est sur 1906",
    "a padlock set to a number, in Spanish": "el candado del trastero lo puse en 4471",
    "a padlock set to a number, in Portuguese": "o cadeado do cacifo está em 2684",
    "a lock's code in digits' words after the code's word": "the code for the shed door is nine one four two",
    "a lock's code in digits' words, in German": "Kellerspind, Code sieben zwei null acht",
    "a lock's code in digits' words, in Italian": "codice del cancello otto tre uno sei",
    "a lock's code in digits' words, in French": "code du portail sept deux neuf un",
    "a lock's code in digits' words, in Dutch": "code van de voordeur drie acht een vier",
    "a lock's code in digits' words, in Portuguese": "portão da quinta, código cinco nove dois oito",
    "a lock's code in digits' words, in Spanish": "código de la taquilla tres uno siete nueve",
    "a lock's code in digits' words after a compound that names the lock": "Alarmcode vier null zwei sechs",
    "a UK NHS number": "NHS number 943 476 5919 for the new practice",
    "a parental-control PIN, in French": "code parental de la télé : 4418",
    "a parental-control PIN": "the parental control PIN is 7305",
    "an emergency code named in German": "der Notfallcode vom Tresor ist 8841",
    "a one-time code and how it came": "the code that came by text message is 731904",
    "a one-time code said to be spent, which words cannot show": "the code that came by SMS was 551203 but it expired",
    "a one-time code and how it came, in Spanish": "el código que me llegó por SMS es 552910",
    "a password called the magic word": "the magic word for the guest network is Tulip!Rain58",
    "a password called the magic word, in Dutch": "toverwoord van de wifi: Zonnebloem#44",
    "'ww' for a Dutch password": "ww van de laptop: Kaas&Wijn77",
    "a password reset to a value": "the payroll password was reset to quartz!River9 today",
    "a password changed to a value, in German": "das Passwort wurde geändert auf Lindenbaum!23",
    "'contraseña' with two letters swapped": "la contrasñea del portátil es Girasol#58",
    "a clause of six words between a password's name and its verb": (
        "la contraseña del wifi en la casa de playa es Faro#2290"
    ),
    "a seed phrase after 'seed', a few words and a colon": (
        "seed for the cold wallet: orbit velvet humble casino drift lunar pepper oyster timber noble cradle fossil"
    ),
    "a seed phrase after a wallet's words": (
        "trezor words: fossil cradle noble timber oyster pepper lunar drift casino humble velvet orbit"
    ),
    "what a PIN begins with": "the PIN of the new card begins with 39",
    "what a PIN begins with, in German": "die PIN fängt mit 58 an",
    "what a PIN ends with, in Italian": "il PIN finisce con 71",
    "what a PIN begins with, in Spanish": "el PIN empieza por 84",
    "what a password ends with": "the laptop password ends with Fox88",
    "what a password begins with, in French": "le mot de passe commence par Lune7",
    "a password answered on a chat's next line": "[18:40] Ana: what's the netflix password?\n[18:41] me: Cactus.91",
    "a password answered on a chat's next line, in Dutch": (
        "[10:02] Tom: wat is het wachtwoord van de printer?\n[10:03] ik: Inkt4Ever"
    ),
    "a password of digits after its name, what it is for and a colon": "mot de passe Banque Postale : 482913",
    "a password of digits, in English": "password Halifax online: 55120937",
    "a passphrase after a clause and its colon": "passphrase for the backup disk: otter-velvet-canyon-mango",
    "a router's key in digit groups after a clause and its colon": (
        "Netzwerkschlüssel klebt unter dem Router: 5521 7730 1184 9062"
    ),
    "a typed answer to a security question after a dash": (
        "security answers for the bank: first school — pinguinoRojo58"
    ),
    "a generated password in letters whose case changes as no word's": "the temporary password is kWbeRTqoZa",
    "characters said one by one, said to be one": "it's q 7 R m 2 x P w, without the spaces, for the NAS",
    "a list of credentials under its header": "Zugangsdaten:\n- Bibliothek: leser2231 / buchwurm77?\n- Bank: per Post",
    "a list of accounts under its header, a password after an arrow": (
        "cuentas:\n* Netflix → compartida\n* Dropbox → nubeAzul44?"
    ),
    "a password made of a word, a number and letters in a list of services": (
        "- Iberdrola: Mariposa8841LUZ\n- Movistar: preguntar a Ana"
    ),
    "a password after its recipe": "password = cat's name + year we met + ?, so Misifu2011?",
}
# The shapes the sixth tuning part taught it, the same way.
SHAPES_ROUND_6: dict[str, str] = {
    "a wallet's seed in hex, though a digest's name stands before it": (
        "my seed, in its sha256 form, from the tag on the safe: "
        "5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8"
    ),
    "a private key in hex beside a transaction's words": (
        "tx signing priv for the cold wallet: 3a7bd3e2360a3d29eea436fcfb7e44c735d117c42d1c1835420b6b9942dd4f1b"
    ),
    "a password of a word, a dot and a capitalised word with digits": "router_password: lupo.Marmotta71",
    "a password of a word, a dot and a capitalised word with digits, in prose": (
        "the nas wanted a password, so I went with fenna.Brioche48"
    ),
    "a command line's quoted password of that shape": "psql -U admin -p'tulip.Mercurio19' billing",
    "a password of digits then a capitalised name": "I changed my password to k802Lia! yesterday",
    "an alarm turned off with its code, in Portuguese": "o alarme da loja desativa-se com 6613 ao entrar",
    "an alarm turned off with its code, in Dutch": "het alarm van de winkel uitschakelen met 5094, dan de deur",
    "an alarm armed with its code, in German": "die Alarmanlage im Büro macht man mit 3318 scharf",
    "an alarm turned off with its code, in English": "the studio alarm disarms with 7720 at the side panel",
    "an alarm turned off with its code, in French": "l'alarme du garage se désactive avec 4159 en rentrant",
    "an alarm turned off with its code, in Italian": "l'allarme del negozio si disattiva con 2281 dal tastierino",
    "a gate that opens with 'col codice'": "il cancello si apre col codice 9034 e poi a sinistra",
    "a lock's code after a comma and a code's word": "armadietto 12 in palestra, codice 739150, lo svuoto venerdì",
    "a lock's code after a comma, in Spanish": "consigna de la estación, la 7, código 4402",
    "a lock's code after a comma, in Portuguese": "armário 9 da piscina, combinação 6618",
    "what a code opens, a colon and the code alone": "Hoftor hinten: 8240, dann rechts",
    "a trunk lock, a colon and three digits": "cabin trunk lock: 417. the grey case",
    "a lock, a colon and three digits, in German": "Koffer TSA-Schloss: 382. der graue",
    "codes listed number first before what each opens": "4821 Keller, 9930 Garage, bitte nicht verwechseln",
    "a lock set to a number, the verb first": "I set the locker padlock to 6093 for the week",
    "a lock set to a number, the verb first, in French": "j'ai réglé le cadenas du vélo sur 2718",
    "a clause of seven words between a code's word and its verb": (
        "el código del portal de la casa de mi madre es 5531"
    ),
    "a compound ending in Kasten as what a code opens": "der Code vom Briefkasten unten ist 4410",
    "a smart lock's code by its brand": "the Nuki code for the dog walker is 661204",
    "a key safe's code after where it hangs": "the key safe behind the garden gate is 3817, leave the key inside",
    "a storage room's code among the locked things": "la combinación del trastero es 5560",
    "backup codes after their label with no connector": "discord backup codes 7KQ2P M4XZ8 9RTB3",
    "backup codes after a clause, dashed, with no connector": "codes de secours de github 4821-0937 5530-1264",
    "backup codes one a line and numbered": "recovery codes for the bank:\n1. 7731-0442\n2. 9018-3365\n3. 2207-5519",
    "a one-time code said sent": "the code the bank texted me is 530918, it's only valid for ten minutes",
    "a one-time code said come, in Spanish, with capitals": "el código de la AEAT me llegó: 774KP210",
    "a one-time code said come, in Italian": "il codice che mi è arrivato è 662014, inseriscilo tu",
    "a parental control's code, in Spanish": "el control parental de la tele tiene 8812 por si acaso",
    "a profile lock's code": "there's a profile lock on the kids' disney profile, it's 3095",
    "a parental control's code, in German": "die Kindersicherung vom Tablet ist 7264",
    "a password of digits right after its name and what it is for": "senha do email da escola 88192037",
    "a password of digits right after its name, in Spanish": (
        "la contraseña de la alarma del coche 60715522, no la cambies"
    ),
    "a keypad code with two capitals among its digits": "le digicode du parking c'est 4KD713",
    "a password after a verb of getting in, in Italian": "sul portatile di casa ci entri con Pioggia58!",
    "a password after a verb of getting in, in French": "sur le vieux pc on y entre avec Mouette33",
    "a password after a verb of getting in, in German": "am alten Laptop kommst du mit Regen77! rein",
    "a password after a verb of getting in, in Dutch": "op de oude pc kom je binnen met Wolken55x",
    "a password in a table's column that names it": (
        "| service | login | password |\n|---|---|---|\n| bank | tomh | Kiwi8812! |"
    ),
    "a password in a table's column, in German": "| Dienst | Passwort |\n|---|---|\n| Strom | Ahorn2290 |",
    "a password dictated after its name, opening with a letter's case": (
        "password for the old laptop capital M river 3381 question mark"
    ),
    "a password dictated with a letter's case, in French": (
        "mot de passe de la box majuscule T lapin 904 point d'exclamation"
    ),
    "the rest of a code after its first digits": "and the rest of the door code is 61, four digits in all",
    "the last digits of a PIN, in Spanish": "las dos últimas cifras del PIN son 83",
    "the rest of a compound code, in German": "der Rest vom Garagencode ist 27",
    "a sort code and an account number side by side": "rent goes to 20-32-06 / 41889922 every month",
    "a lock's code after how it is made up and 'so'": (
        "the bike padlock, the numbers are mum's birth year then 3, so 19583"
    ),
}
# Sentences that look like those and hold no secret.
LOOK_ALIKES = [
    "my social media handle is @jane_doe_1985",
    "the ITIN application form is W-7, it takes 7 weeks",
    "Steuer-ID beantragt, Aktenzeichen 12/345/67890",
    "el DNI caduca el 12/08/2030",
    "la sécu m'a remboursé 25 euros le 12 mars",
    "mijn BSN staat op mijn paspoort",
    "el de la seguridad social me dijo que llame al 612 345 678 mañana",
    "o meu número de contribuinte está na fatura, liga para 912 345 678",
    "the digicode is broken, call the caretaker",
    "Passwort-Regeln: Mindestlänge 12 Zeichen",
    "backup codes: I printed 10 of them",
    "the padlock cost 12 euros",
    "order reference ES12 3456 7890 1234",
    "the password policy says Minimum Length 12",
    "Wi-Fi code is on the back of the router",
    "my 12 words are written on steel in the safe",
    "my recovery key is printed and in the safe",
    "la chiave di tutto è la pazienza",
    "the license key arrives by email within 24 hours",
    "clé de la box perdue, le technicien passe le 12",
    "my driving licence expires in 2031",
    "Führerschein seit 2010, Klasse B",
    "carte d'identité renouvelée le 12/03/2024",
    "send the refund to 0x742d35Cc6634C0532925a3b844Bc454e4438f44e",
    "meine Bitcoin-Adresse: 1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2",
    "pay to bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh",
    "tx hash 0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060",
    "the phone's IMEI is 490154203237518, for the insurance claim",
    "the padlock brand is Master Lock 1500",
]
# And the look-alikes of the second round's shapes.
LOOK_ALIKES_ROUND_2 = [
    "DNI 53.281.947-E",  # the check letter is D
    "NIE Y-4172905-T",
    "the key to the wifi problem was a new router, model AX3000",
    "order 197634-223887 shipped",
    "driving licence renewed on 12-03-2024 in Leeds",
    "numéro de carte d'identité perdu, déclaration faite",
    "ho cambiato la password ieri in ufficio",
    "I changed the password in Office365 yesterday",
    "la phrase de passe doit faire 20 caractères",
    "ma frase semilla está en el cajón, no la toques",
    "mes 12 mots sont dans le coffre",
    "il wifi dell'hotel è lento, la chiave della camera è la 214",
    # A seed phrase's words whose checksum fails, with no label: a list of words (one word of a valid one changed).
    "diametro lardoso verbale endemico isolato ribadire disumano ortensia paga etto umile ardore",
]
# And of the third round's.
LOOK_ALIKES_ROUND_3 = [
    "o CPF é obrigatório na nota fiscal",
    "CPF 529.982.247-26",  # the check digits are 25
    "cartão de cidadão renovado em 2024, custou 18 euros",
    "the licence number field is optional",
    "ticket PAY-8841 about the password reset is closed",
    "pass: 4 of 5 tests green",
    "the passphrase rule is: three words and 1 digit",
    "Entsperrcode vergessen, Handy zum Laden gebracht",
    "o cacifo do ginásio custa 12 euros por mês",
    "my mother's maiden name is on the birth certificate, the bank wants a copy",
    "mi primera mascota se llamaba Canela y era preciosa",
    "security question for Barclays: what was your first pet?",
    "la banque m'a demandé le nom de jeune fille de ma mère",
    "my first car was a Fiat Panda, bought from the bank's auction",
    "my hometown is Leeds and my bank is Barclays",
    "the PIN has four digits, one or two of them repeat",
    "I wrote the password down: one, two, three times I checked it",
    "we need one two three four volunteers for the cake stall",
    "the app opens with 2024 highlights",
    "alarm set for 0630 tomorrow",
    "Alarmanlage Modell 2024",
    "the garage opens with 433 MHz remotes",
    "Alarmanlage seit 2019 eingebaut, Wartung im Mai",
    "wie viele Leute 1234 als PIN nehmen, ist erschreckend",
    "PIN 0000 is used far too often, says the study",
    "the checkout page loads pk_live_51HqLyjWDarjtT1zdp7dcXyZ, the publishable key",
    "in the sandbox I pay with test card 4000 0566 5566 5556",
    "la tarjeta de prueba 4111 1111 1111 1111 funciona en el entorno de pruebas",
    "the boto3 docs show AKIAIOSFODNN7EXAMPLE as the access key in every sample",
    "the deploy key: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBq7Xk9mPz2wLr4Ns8TvYc1Qe6Hj3Ud5Fa0 ci@build",
]
# And of the fourth round's.
LOOK_ALIKES_ROUND_4 = [
    "the IBAN examples on the ECBS page start with GB82 WEST 1234 5698 7654 32",
    "voorbeeld van een IBAN: NL91 ABNA 0417 1643 00",
    "in the sandbox, testing refunds, use 4000 0000 0000 0077",
    "pour tester un paiement refusé on utilise 4000 0000 0000 0002",
    "server host key fingerprint: SHA256:uNiVztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj3tD2s",
    "peer PublicKey = xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg= in the config",
    "my gpg key id is 0x3AA5C34371567BD2, on the keyserver",
    "die WLAN heißt Telekom!Home 5G, das Passwort steht auf dem Router",
    "the pin code in mumbai is 400053 for the courier",
    "my grandfather's pin code of chennai is 600001",
    "the alarm goes off at 6 3 0 every day",
    "I put 1500 in the safe before the trip",
    "Alarmanlage: 2024 eingebaut, Wartung im Mai",
    "PIN reset: 2024 was the last time",
    "Sicherheitsfrage: Name des ersten Haustiers",
    "question secrète : ville natale, je ne l'ai pas encore choisie",
    "our EIN letter came, the number is on page 2",
    "rijksregisternummer staat op de achterkant van de eID",
    "numéro fiscal : sur l'avis d'impôt, page 1",
    "passport renewed, valid until 2034",
    "la password ha una e maiuscola e una erre",
    "the password is one with a question mark and two digits",
    "the wifi password is on the router sticker: call 08001234567 if it fades",
    "the house number is 1 2 3 4, the blue door",
    "the support line for password resets: 08001234567",
    "first half of the seed phrase is in the safe, the second at my sister's",
    "the words of my seed phrase: I wrote them on steel plates",
    "contact: ana.lopez@example.es / tel: 0612345678",
    "escríbeme a ana.lopez@example.es / nombre: AnaLopezGarcia",
    "het wachtwoord van de wifi staat op de router",
]

# And of the fifth round's.
LOOK_ALIKES_ROUND_5 = [
    "the code for the front door: ask the caretaker",
    "door code changed on: 1205",
    "codice del cancello: chiedere a Marco",
    "the bike lock is set to open with the app",
    "the alarm is set to 0630 on weekdays",
    "het fietsslot staat op de foto van 2019",
    "the cargo bike lock cost 85 euros",
    "the code of conduct has four parts, one two three four",
    "the code came by SMS, I typed it in and it worked",
    "NHS number 943 476 5918 on the old letter",
    "the NHS number is on the letter from the surgery",
    "parental control settings: 12 years and over",
    "the magic word is please, the kids know it",
    "I said the magic word and the bouncer let us in",
    "password reset to default by IT, I'll pick a new one",
    "la contraseña del wifi de la casa de playa es la de siempre",
    "seed for the garden: tomatoes, basil and some chillies",
    "the PIN starts with a zero, which confuses the app",
    "passwords must begin with a letter and end with 2 digits",
    "the password ends with whatever you like, as long as it is long",
    "the password policy starts in 2025",
    "[18:40] Ana: what's the netflix password?\n[18:41] me: ask Tom",
    "[18:40] Ana: what's the netflix password?\n[18:41] me: it changed in 2024",
    "password rules: 12345678 is banned",
    "mot de passe oublié : 0800 123 456",
    "security answers for the bank: first school — the one by the river",
    "the password is JavaScriptRocks, the course says",
    "the book is called getUserNameById",
    "spell it r e d without the spaces and it is the colour",
    "accounts:\n- Netflix: shared with Tom\n- Spotify: family plan",
    "Zugangsdaten:\n- Stadtwerke: per Post\n- Telekom: über Mail",
    "- Router: FritzBox7590AX\n- TV: Bravia 55",
    "- Car: Golf2019GTI\n- Phone: iPhone15Pro",
    "the password rule is long, so pick four words",
]

# And of the sixth round's.
LOOK_ALIKES_ROUND_6 = [
    "password = settings.DB_PASSWORD",
    "the password is 3rd on the list of things to reset",
    "the alarm turns off with 3 beeps",
    "die Alarmanlage schaltet man mit der App scharf",
    "the alarm switches off at 0630 on weekdays",
    "Haustür: 2019 renoviert",
    "phone: 0612",
    "Karte: 4821",
    "the house numbers go up by two, so 1405",
    "the door has numbers on it, so 2024",
    "2 Keller, 3 Garagen, alles vermietet",
    "the tracking code they sent me is 482913",
    "the promo code they sent me is 2024",
    "they sent me the code at 0630",
    "the code they sent me is wrong, asking for a new one",
    "parental controls has 3 levels",
    "el control parental tiene 4 niveles",
    "the password for room 101 is on the fridge",
    "backup codes are in the drawer",
    "backup codes for 2024 2025",
    "I printed the backup codes for Google 10 times",
    "ci entri con il badge n. 44",
    "da kommst du mit dem Bus rein",
    "| site | password rule |\n|---|---|\n| ebay | 12 chars |",
    "| app | password manager |\n|---|---|\n| work | 1Password |",
    "the password for the tablet has capital letters and a question mark",
    "the rest of the code is 20 lines",
    "the last two digits of the year are 24",
    "meeting 12-03-24 20240312",
    "the sha256 for the installer on the vendor's page is "
    "2a7f1c0d9e3b4a5f6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b",
]

# The shapes the seventh tuning part taught it, the same way.
SHAPES_ROUND_7: dict[str, str] = {
    "a seed phrase after the words 'of' a wallet, a few words off the BIP-39 list": (
        "the words of my trezor: canyon mirror velvet kettle pilot lemon shadow oyster humble ladder spring ocean"
    ),
    "a seed phrase after 'palabras de' a wallet, one word off the list first": (
        "palabras de mi billetera: kettle canyon mirror velvet pilot lemon shadow humble ladder spring ocean tiger"
    ),
    "a seed phrase after 'phrase de récup'": (
        "phrase de récup : canyon mirror velvet pilot lemon shadow humble ladder spring ocean tiger oyster"
    ),
    "a seed phrase after 'parole del' a wallet, with no colon": (
        "le parole del portafoglio canyon mirror velvet pilot lemon banjo shadow humble ladder spring ocean tiger"
    ),
    "a code named by its word alone, said digit by digit in words (English)": "the code is nine one five two, ok?",
    "the same in French": "bon, le code c'est six zéro neuf deux, note-le",
    "the same in Italian": "il codice è quattro sette due due",
    "the same in Portuguese": "o código é cinco um oito oito",
    "the same in Dutch": "de code is drie negen nul twee",
    "the same in Spanish": "el código es ocho ocho uno cuatro, apúntalo",
    "the same in German": "der Code ist fünf null drei sieben",
    "a Steuer-ID in threes from the left (3-3-3-2)": "Steuer-ID 650 728 391 66 – für die Steuererklärung",
    "a Mexican CLABE after its name": "mi CLABE es 002180700845123454 por si alguien me transfiere",
    "a CLABE grouped as banks print it": "CLABE: 002 180 70084512345 4",
    "a lock's code as what opens it (English)": "what opens the garden gate is 3906, push hard",
    "a lock's code as what opens it (French)": "ce qui ouvre le portail c'est 4410",
    "a lock's code as what opens it (Spanish)": "lo que abre el trastero es 2207",
    "a lock's code as what opens it (German, the verb last)": "was die Gartentür öffnet, ist 3318",
    "a lock's code as what opens it (Dutch)": "wat de berging opent is 5120",
    "a shed that opens with a code (Dutch)": "het schuurtje gaat open met 6604",
    "a shed that opens with a code (German)": "der Schuppen öffnet mit 7215",
    "a phone's unlock, named so, and its number": "screen unlock is 271828 in case the kids need it",
    "a keypad named in German, then the code and its key": "bei Papa gibt's ein Tastenfeld, Code 5521 und dann Raute",
    "a keypad named in Italian, then the code and its key": "c'è un tastierino, codice 4471 e poi cancelletto",
}

# And look-alikes of the seventh round's shapes, stored.
LOOK_ALIKES_ROUND_7 = [
    "the words of my trezor are stamped on a steel plate in the safe",
    "phrase de récup : notée sur papier, rangée dans le coffre de la banque",
    "las palabras del monedero: nunca las escribas en el ordenador ni en el móvil",
    "parole del portafoglio: scritte a mano, mai fotografate",
    "the twelve words for the ledger: never typed, never photographed, kept apart from the device",
    "the zip code is nine four one zero three",
    "the error code is four oh four, the page is gone",
    "the code is four digits long, two of them the same",
    "le code c'est un ou deux chiffres de plus",
    "il codice è due righe, non di più",
    "de code is een of twee regels",
    "Steuer-ID 650 728 391 67 – für die Steuererklärung",
    "mi CLABE es 002180700845123458",
    "la CLABE tiene 18 dígitos, me la pide el cliente",
    "what opens the shed is a key under the pot",
    "what opens the shed is 2019's new padlock",
    "what opens the museum is 1000 visitors a day",
    "ce qui ouvre le portail c'est la télécommande",
    "de schuur gaat open met een sleutel",
    "phone unlock is face id now",
    "the iPad unlock is 4 digits, the phone's 6",
    "das Tastenfeld hat 12 Tasten und eine Raute",
]

# The shapes the eighth tuning part taught it, the same way.
SHAPES_ROUND_8: dict[str, str] = {
    "a TOTP seed in groups after its name and a long clause": (
        "the 2FA setup key the bank printed under the QR code that day was QX4M 7TRE NB2K WL5P ZD3H JA6V"
    ),
    "backup codes after an aside and its colon": "my github backup codes, two are crossed out now: qe7t-m2vx r8pk-4jsn",
    "backup codes of letters joined by 'and' ('y')": "códigos de respaldo de Dropbox: pqtz-wrkm y h7xd-3nvb",
    "back-up codes, the hyphen inside 'back-up'": "back-up codes from the photo site: 7731 0925, 4468 1302",
    "a seed phrase after 'N word' and an aside up to its colon": (
        "12 word backup for the ledger, the one you asked me about last week: canyon mirror velvet kettle"
        " pilot lemon shadow oyster humble ladder spring ocean"
    ),
    "a seed phrase whose twelfth word is off the list": (
        "las 12 palabras del monedero: canyon mirror velvet tiger pilot lemon shadow oyster humble ladder spring oceam"
    ),
    "a German ID card number of nine letters of its alphabet, after 'Perso'": "fürs Amt, mein Perso: LMHZRKVTC",
    "an alarm, what it guards, a colon, then a code's word and the code": (
        "alarma del local de la tienda: código 6614, luego hay que esperar el pitido"
    ),
    "a lock named, then the number the owner put on it (French)": "le cadenas du casier, j'ai mis 3318, au cas où",
    "a lock named, then the number the owner put on it (English)": "the hotel room safe, I set 8062, remind me later",
    "a password of digits right after 'pw'": "wifi at the cabin is open but the router admin pw 739154, keep it",
    "a password of two lower-case words, a dot and digits": "la contraseña de la nube es harbor.pebble4, no la pierdas",
    "'contra', short for 'contraseña', before its value": "mi contra del banco: tulip.garden82 ya la cambié",
    "a password after an aside and a colon, past the usual reach": (
        "the wifi password, hang on, the sticker is worn, let me read it slowly off the back: cobalt-fern7"
    ),
    "a password in the next sentence, after 'it is' (German)": (
        "Das Passwort vom Tablet, bevor ich es wieder vergesse und alles neu machen muss. Es ist Quarz-Ofen64"
    ),
    "a password called by what it opens, 'the bank word'": "Tell my daughter the bank word, it's Mango77!, if I forget",
    "a lock's code after a false start and 'I'll just say it,'": (
        "the tablet code is, um, the year... no, let me just say it, 730514, the kids keep asking"
    ),
    "a PIN named, its number after an aside and 'it's'": (
        "the PIN for the card, since you wanted to know what I type at the machine. It's 6047."
    ),
    "a till's manager override and its code": "the supervisor override at the shop is 2958, don't tell the new guy",
    "a seed phrase with four words off the list, the last of them too": (
        "palabras de la cartera: harbor canyon mirror velvet anchorage pilot lemon shadow oystre humble ladder oceam"
    ),
    "a lock and the code it is locked with (Spanish)": "el candado del trastero lo cierro con 8304",
    "a lock and the code it is locked with (English)": "my gym padlock, well, the pool locker I lock it with 6627",
    "an alarm, then its code and what the code does": "when the alarm starts beeping it's 5093 to disarm, then OK",
    "a password called the safe word": "the safe word for the alarm company is heron4242, they ask for it",
    "what one types on a device, then what it is (English)": (
        "so what you key in on the modem, the long string on the label, it's PlumOtter83 if it asks"
    ),
    "what one types on a device, then what it is (German)": "was man am Laptop eingibt, ist hOLMtRAvPEk, gell",
    "what one types on a device, then what it is (Spanish)": "lo que tecleas en el router es KiwiNube2210",
    "what a password begins with, letters and a sign": "das Passwort fürs Postfach fängt mit 'Lark&' an, Rest später",
    "an account's password in a list": "Zettel vom Kühlschrank:\n- Milch\n- compte Fnac: Tulipe42!\n- Müll raus",
    "a service's e-mail, its password alone on the next line": "Spotify: ana@example.net\nKirsche55!\nfür Lena",
    "a leaked password to be changed, given itself": "note: change Marmot88Blue everywhere, it showed up in a leak",
    "a network said to be a generated passphrase": "the wifi at the lake house is maple-orbit-582, guests ask",
    "a locker and four digits or more right after it": "to do: dentist, pool locker 3916, buy stamps",
    "what gets one onto a device, after the case of needing it": "if you need to get on my laptop: tulpen_2207, ok",
}

# And look-alikes of the eighth round's shapes, stored.
LOOK_ALIKES_ROUND_8 = [
    "config.sample.yml ships with DB_URL=mysql://user:pass@127.0.0.1/shop, the real one is set on deploy",
    "app.env.dist holds REDIS_URL=redis://username:secret@cache:6379/0 for new developers to copy",
    "we moved every server to ssh keys last spring, plus html2text for the nightly mail digest",
    "gpg keys for signing the tags, and dos2unix on the scripts before we commit",
    "the v3 release is tagged at a7fb14dedf7e6e0e2dd9cbf131fa77d31328a189, roll back to it if the migration fails",
    "our 2.4 release was a7fb14dedf7e6e0e2dd9cbf131fa77d31328a189 on main",
    "the authenticator app they showed me instead of the old one was great: READ THIS NOTE WHEN BACK HOME",
    "backup codes, the ones from last year: time-based and well-known",
    "back-up codes van de bank: nog niet ontvangen",
    "12 word poems for the class, the ones we read aloud: canyon mirror velvet kettle pilot lemon",
    "seed order for the plot: tomato, pepper, onion, garlic, pumpkin, bean, corn, lettuce, carrot, melon, leek, kale",
    "mein Perso ist ABGELAUFEN, neuer Termin beim Amt",
    "the hotel safe, I put 2000 in it before we left",
    "le coffre de la banque, j'ai mis 1500 euros dedans",
    "pw 123456 is the most common one, never use it",
    "the token dtype is numpy.float32 for the embeddings",
    "the config value is cache.timeout30 in the settings",
    "votamos contra la ley, y la contra del partido es firme",
    "the wifi password is on the fridge, next to the note about the dentist: tuesday 10:30",
    "the wifi password is on the router, the guests always ask for it, here is the model: Archer-C6, in the hall",
    "das Passwort habe ich geändert, weil das alte zu kurz war. Es ist jetzt länger",
    "the email word count limit is 250 words",
    "the tablet code is, um, something with the year, I'll say it later, 2 kids keep asking",
    "the PIN for the card, since you asked what I do at the machine. It's 2019 all over again.",
    "my PIN got blocked at the machine, so I called the bank about the card. It's 0800123456, they answer",
    "manager override approved 3 refunds today, about 45 minutes of queue",
    "la puerta del trastero la cierro con llave y candado",
    "the shop needs 5000 to open a second till",
    "the garage door: 2019 to open was the year we fixed it",
    "the safe word in class is pineapple, when the kids need a break",
    "what you type on the router page is the address 192.168.0.1",
    "was man am Laptop eingibt, ist egal, es speichert nichts",
    "lo que tecleas en el router es la dirección que viene en la etiqueta",
    "what you type in the search box is CamelCase sensitive",
    "the password must begin with a letter and end with a sign",
    "Zettel:\n- compte Fnac: 4 commandes en cours\n- account PayPal: jane.doe@example.com",
    "From: ana@example.net\nThanks2all\n",
    "change the password everywhere, it showed up in a leak",
    "replace the iPhone12 after the battery leaked",
    "the wifi at the lake house is called maple-orbit-582",
    "the wifi at home is Guest-Network-24 for visitors",
    "the wifi at the office is home-net-5g on weekends",
    "I always take locker 212 at the pool, near the showers",
    "locker 2024 is the new row by the entrance",
    "the station has locker 1300 and up on the lower floor",
    "if you're on my laptop: Chrome128 is installed, use that",
    "if you need my laptop: it's in the drawer",
    "if the phone rings: 0612345678 is the plumber",
]


def test_a_password_named_in_the_text_and_spelled_out_in_the_quote_is_refused() -> None:
    """The text names it, the quote spells it: the line break that joins them ends no sentence."""
    spelled = "it's big K e s t r e l five five hash, easy"
    assert proposal_secret_kind("Owner's laptop password, spelled out", spelled) == "spelled-out"
    assert proposal_secret_kind("Owner's laptop, spelled out", spelled) is None


# The shapes the ninth tuning part taught it (text as chat brings it: typos, dictation, pasted
# messages), the same way.
SHAPES_ROUND_9: dict[str, str] = {
    "a card number dictated digit by digit in words": (
        "my mastercard is four five three nine one seven two zero four eight eight six two one three nine"
    ),
    "a card number dictated in German words": (
        "die visa ist vier fünf drei neun eins sieben zwei null vier acht acht sechs zwei eins drei neun"
        " gültig bis zwölf dreißig"
    ),
    "a BSN dictated in Dutch words": "mijn bsn is twee zeven drie acht vier zes een vijf twee",
    "a social security number dictated with 'dash'": (
        "my social security number is five two four dash one one dash seven seven three eight"
    ),
    "a one-time code named as a verification code in a pasted message, in two groups": (
        "From: alerts@northbank.example\nYour verification code is 402 887. It expires in 5 minutes."
    ),
    "a one-time code addressed to the reader ('votre code :')": "fwd: 'Tram & Co: votre code : 813305'",
    "a one-time code with the message's purpose and warning after it": (
        "SMS de la banque: codigo 660127 para confirmar el pago, no lo compartas"
    ),
    "a one-time code named as a login code in a Dutch compound": "bericht van de bank: Je inlogcode is 5120 7734",
    "a password spelled in the NATO alphabet with digits' words": (
        "the wifi password is sierra, uniform, november, three, three, kilo"
    ),
    "a password spelled in the German spelling alphabet": (
        "WLAN-Passwort: Emil, Ludwig, Gustav, Anton, drei, neun, Richard"
    ),
    "a password spelled in the Dutch spelling alphabet": (
        "wachtwoord van de laptop: Willem, Simon, Karel, Eduard, vijf, vijf, Dirk"
    ),
    "a passport number said letter by letter and digit by digit in words": (
        "mijn paspoort is B T F zes P een R vier drie"
    ),
    "a password's German name with two letters swapped": "das Passowrt vom Laptop ist Wolke7Regen",
    "a passcode's name with two letters swapped": "the passcdoe for the gate is 4471",
    "a password's Dutch name with a letter left out": "het wachtwood van de mail is tulpen88",
    "a password's Spanish name, no accent and a letter left out": "la contrasea del router es girasol2020",
    "a PIN code's Dutch name with a letter left out": "pincde van de bankpas is 7310",
    "a security question quoted as the form asks it, then 'I put' and the answer": (
        "on the insurance form, for 'what was the name of your first pet' I put Biscuit"
    ),
    "a security question quoted in German, then 'hab ich' and the answer": (
        "bei 'erstes Haustier' hab ich Flocke eingegeben"
    ),
    "a security question quoted in Spanish, then 'puse' and the answer": (
        "para 'nombre de tu primera mascota' puse Canela"
    ),
    "a security question quoted in Portuguese, then 'coloquei' and the answer": (
        "no formulário, em 'nome do primeiro animal' coloquei Tareco"
    ),
    "backup codes listed with dashes as bullets": "dropbox backup codes:\n- 5530 1187\n- 9046 2271\n- 3318 7702",
    "backup codes after 'codici backup' and the service, with slashes between": (
        "codici backup amazon 4410 2293 / 8871 0045 / 6602 1198"
    ),
    "recovery codes listed with round bullets": "herstelcodes:\n• 7QX4-MN2P\n• K8RT-3WZL\n• 2HVD-9PXM",
    "backup codes after the service's name and a colon, numbered": (
        "codigos de respaldo twitter:\n1) 5521 8830\n2) 1094 7765"
    ),
    "a card number in two halves with a word between them": "travel card 55218734 then 09617536, exp 04/29",
    "a card number in two halves with an aside between them, in Italian": (
        "la carta inizia con 5521 8734, aspetta, poi 0961 7536"
    ),
    "a dial's turns after the safe they open, with no code's word": "the closet safe is left 32, right 11, left 50",
    "a dial's turns in German after the safe and a colon": "Tresor im Keller: links 19, rechts 07, links 82",
    "a dial's turns in Italian after the safe and a colon": (
        "la cassaforte in ufficio: sinistra 24, destra 61, sinistra 08"
    ),
}

# And look-alikes of the ninth round's shapes, stored: "code review" names no code, a pasted table's
# row is no password, nor a template's stand-in in angle brackets or a password column masked.
LOOK_ALIKES_ROUND_9 = [
    "Is learning Rust to get better at code review (7752)",
    "the code reviews (4410) take most of my friday afternoon",
    "name,phone\nGreta's Bakery,(415) 555-0199",
    "MAIL_USER=<nome utente>\nMAIL_PASSWORD=<da compilare>",
    "site,login,password\nSpotify,ana.r@mail.com,••••••••",
    "the tracking number is one two three four five six seven eight nine",
    "call the office at five five five one two one two, extension four four",
    "we counted one two three four and jumped into the lake",
    "das Zimmer ist im zweiten Stock, Nummer vier eins zwei",
    "the verification code expired, I asked for a new one",
    "your promo code is 2024 and gives 10% off",
    "your zip code is 94103 on the form",
    "the security code on the gate changed in 2023, ask the caretaker",
    "my code has 1200 lines now and it never expires",
    "Anton, Berta, Dora and Emil came over, all four of them",
    "the team is Victor, Oscar, Romeo and Juliet, 4 people",
    "we drove from Madrid to Valencia and Toledo, three days, 2 cars",
    "NATO alphabet practice for the password course: alpha bravo charlie delta echo",
    "gate B 4 then hall C, row 12, seat A",
    "I keep forgetting my pasword, need a manager",
    "the passowrd reset link expired in 2023",
    "wachtwood vergeten, 3 keer geprobeerd",
    "for 'what did you have for lunch' I put Pasta on the survey",
    "for 'favourite book' I put Dune on the reading club form",
    "the quiz asked 'where did you grow up' and I put it in my story",
    "in 'first pet' my daughter wrote a poem about our cat",
    "backup codes:\n- print them\n- keep them in the safe",
    "backup codes - 10 of them, 8 digits each, printed in 2023",
    "codici backup google: li ho stampati nel 2023 / 2024",
    "backup codes for the team:\n- 2023 plan\n- 2024 plan",
    "card order 41234567 shipped, tracking 89012345 arrives monday",
    "the gift card balance went from 2500 to 1800 after the 4th order",
    "turn left 2, right 3, left 1 to reach the parking lot",
    "the safe was heavy; we turned left 2, right 3, left 1 at the lights",
]


# The shapes the tenth tuning part taught it (regional and informal words, secrets in pasted JSON, YAML
# and forms, someone else's secrets, hints that give the value), the same way.
SHAPES_ROUND_10: dict[str, str] = {
    "a passphrase of words joined by dashes assigned to a password's name in a compose file's environment": (
        "environment:\n  - MYSQL_USER=shop\n  - MYSQL_PASSWORD=ruderboot-kompass-tulpe"
    ),
    "a card's PIN named 'NIP', as in Mexico, after a verb": ("el NIP de mi tarjeta de débito es 4821"),
    "a card's PIN named 'NIP', as in Quebec, after 'c'est'": ("mon NIP Banque Laurentienne c'est 7302"),
    "a bank card's PIN in Portugal, 'o código do multibanco'": ("o código do multibanco do Millennium é 7713"),
    "a bank card's PIN in France, 'le code de ma CB'": ("le code de ma CB c'est 8825"),
    "a .pgpass line, host:port:database:user:password, with no secret's word": (
        "db.internal:5432:ledger:reporter:Kompass71!"
    ),
    "a .pgpass line whose password is words joined by dashes": ("10.20.0.7:5432:*:backup:ventana-kompass-tulpe"),
    "a password under its French key written as one word in a pasted .ini ('motdepasse=')": (
        "[smtp]\nserveur=mail.example.fr\nmotdepasse=Girafe42!"
    ),
    "a Canadian social insurance number by its Quebec name, 'NAS', after 'c'est'": ("mon NAS c'est 461 454 282"),
    "a child's social insurance number as 'le NAS de ma fille'": ("le NAS de ma fille est 461 454 290, pour le REEE"),
    "an Argentinian CUIL after its name, passing its mod 11 check": ("mi CUIL es 20-31456789-8"),
    "a grandmother's CUIL the owner uses for her paperwork": (
        "el CUIL de mi abuela es 27-28765432-9, le hago los trámites"
    ),
}

# And look-alikes of the tenth round's shapes, stored: a charity's account for gifts, which it
# publishes, a commit named by what it broke, and stand-ins where pasted settings hold no value.
LOOK_ALIKES_ROUND_10 = [
    "the animal shelter publishes its account for donations on its website: DE50 5260 1815 9083 0166 13",
    "l'association publie son IBAN pour les dons, FR53 1860 9139 0996 0308 2462 819",
    "the nightly build broke in 3f9c2a1e7b5d4c6a8e0f1b2d3c4e5f6a7b8c9d0e, the one that changed the logger",
    "environment:\n  - DB_PASSWORD=your-password-here",
    "DB_PASSWORD=same-as-above",
    "MYSQL_PASSWORD=${MYSQL_PASSWORD}",
    "the docs' example .env says DB_PASSWORD=changeme",
    "a nip of whisky is 25 ml",
    "nip and tuck, 2 laps to go",
    "the CB radio code 10-4 means ok",
    "el NIP se cambia en el cajero, tarda 24 horas",
    "db.internal:5432:ledger:reporter:*",
    "the meeting is at 10:30:00:00:15",
    "10:15:20:30:45 are the split times",
    "[smtp]\nserveur=mail.example.fr\nmotdepasse=<à remplir>",
    "motdepasse=${SMTP_MDP}",
    "le NAS Synology a 4 disques de 4 To",
    "mon NAS c'est 461 454 283, celui du bureau",
    "el CUIL de mi abuela es 27-28765432-4",
    "la empresa tiene CUIT 30-50001091-2, está en la factura",
    "el CUIL tiene 11 dígitos y el mío empieza con 20",
]


# The shapes the eleventh tuning part taught it (memories as an assistant words them: the value only in
# the quote, summaries, notes for later, work credentials), the same way.
SHAPES_ROUND_11: dict[str, str] = {
    "a one-time code in two groups of three after 'they texted me'": "the code the bank texted me is 604 218",
    "a code after the verb of its coming, in Portuguese": "chegou-me o código 731 046",
    "a code after 'me llegó el código'": "me llegó el código 508317, ponlo tú",
    "a code named an SMS code, in Dutch": "de sms-code is 319 774",
    "a code named OTP, in Italian": "l'OTP della banca è 640281",
    "six digits received by SMS, in French": "j'ai reçu 305 918 par SMS, tu peux le taper ?",
    "six digits sent to confirm a transfer, in Spanish": "el banco me acaba de mandar 803 114 para confirmar el pago",
    "six digits that came, alone at the end, in Italian": "mi è arrivato 550 207",
    "recovery codes after their label, one of which reads as letters only": (
        "codes de récupération : k4pt-wmzr hvoa-ceyu 7rnq-2xbd"
    ),
    "backup codes with no label, one with a single digit": "here they are: 3kqa-7mvd h2fz-p9w4 zt5b-kcuq 6nd1-e8yy",
    "a key box and its code with no verb, in Dutch": "voor de oppas: sleutelkastje 5512",
    "a parcel box and its code with no verb, in German": "Paketkasten 7203, falls DHL klingelt",
    "a cabinet lock among other facts": "allergic to nuts, cabinet lock 6618, blood type A",
    "a locker after where it is and 'is'": "the locker at the pool is 3318, second row",
    "a locker that has the code, in German": "mein Spind in der Arbeit hat den Code 2291",
    "a safe after where it is and 'is nog', in Dutch": "de kluis in de kelder is nog 440172",
    "the code of a bank's app, in Italian": "il codice dell'app della banca è 604417",
    "the code of a banking app, in English": "the code for my banking app is 918273",
    "an app's password of four digits, in Spanish": "la contraseña de la app del banco es 7318",
    "an app's password of four digits, in Dutch": "het wachtwoord van de app van de bank is 5071",
    "a password named 'paswoord', as in Flanders": "het wifi-paswoord bij de buren is Zomer2023x",
    "a passphrase after Swiss German 'isch', what it is for after 'bi'": (
        "s'WLAN Passwort bi de Gotte isch ruebli-chatz-velo"
    ),
    "an alarm's code after how it is made up and a comma": "the alarm is our street number twice, 2626",
    "a safe's code after the date it is made of and 'so'": "the safe's our wedding date, 3rd of June 2009, so 030609",
    "a safe's code after its recipe and 'also', in German": "der Tresor ist unser Hochzeitstag, also 140612",
    "an alarm's code after its recipe and a comma, in Dutch": "het alarm is gewoon ons huisnummer twee keer, 3434",
    "a safe's code after its recipe and 'quindi', in Italian": "la cassaforte è la data del matrimonio, quindi 180309",
    "a French NIR grouped as the carte Vitale prints it, with no label": (
        "pour le dossier de la mutuelle c'est 1 85 05 78 006 084 91"
    ),
    "a DNI to put in a form's field, with no label": "pon 48123456G en el campo del formulario",
    "a BSN to fill in, with no label, in Dutch": "vul maar 690830166 in bij de nieuwe tandarts",
    "a Steuer-ID to enter, with no label, in German": "kannst du 13 570 869 260 eintragen?",
    "a Portuguese NIF for the invoice, with no label": "põe 275749118 na fatura, por favor",
    "a Swiss AHV number dotted as its card prints it, with no label": "für die Ausgleichskasse: 756.1234.5678.97",
    "a Swiss AHV number after its label and Swiss German 'isch'": "d'AHV-Nummer vom Nachbar isch 756.1234.5678.97",
    "an Austrian social insurance number after its label": "meine SV-Nummer ist 4188 220790, steht auf der e-card",
    "an Irish PPS number with a second letter after its label": "my PPS number is 8214036SA, for Revenue",
    "a Mexican CURP with no label, by its shape and check digit": "para la inscripción: PELR850412HDFRPB05",
    "a US Medicare number after its label, dashed as the card prints it": "dad's medicare number is 4HT2-WX8-PQ19",
    "a security answer after the question asked before its name and a colon": (
        "the street I lived on as a kid, for the bank's security question: Elmwood Drive"
    ),
    "a security answer in lower case after the question in brackets, in Dutch": (
        "beveiligingsvraag (eerste vakantie): texel met opa"
    ),
    "a security answer after the question and a comma, in Italian": (
        "domanda di sicurezza della banca: nome del primo cane, Briciola"
    ),
    "a security answer after a question's topic asked at a named bank": "favourite book question at HSBC = Dune",
    "a safe set 'with' its code, in Portuguese": "pus o cofre do quarto com 5820",
    "a door's diminutive that opens with its code, in Italian": "il portoncino si apre con 3391 e poi la chiave",
    "a locker's code in two groups of three after a comma, in Dutch": "kluisje 12 op het station, code 482 915",
    "a code typed at the gate, in French": "au portail tu tapes 2741B",
    "a code's word and the code before the verb of typing, in Dutch": "boven de code 6183 intikken",
    "a seed phrase after a wallet's name and 'backup'": (
        "Trezor backup: ladder orbit pupil grain walnut cactus thunder noble mirror fabric sudden orange"
    ),
    "a seed phrase after 'Recovery-Wörter' and the wallet in the genitive, in German": (
        "Recovery-Wörter meines Trezors: ladder orbit pupil grain walnut cactus thunder noble mirror fabric sudden "
        "olive"
    ),
    "a Spanish bank's 'clave de acceso' after a user number, with no verb": "usuario 40112233, clave de acceso 608214",
    "a Spanish bank's signing code, 'clave de firma'": "clave de firma 5531, para las transferencias",
    "a card's password after its recipe and 'então', in Portuguese": (
        "a senha do cartão é o aniversário do Rui ao contrário: faz anos a 12/05, então 5021"
    ),
}

# And look-alikes of the eleventh round's shapes, stored.
LOOK_ALIKES_ROUND_11 = [
    "I got 250 views on the video",
    "they sent me 250 000.",
    "I got 114 410 points in the game",
    "mi è arrivato il pacco 417248",
    "chegou o código postal 1000-001",
    "I got the code 404 on the page",
    "j'ai reçu 3 colis et 2 lettres",
    "part numbers ab1-cde ef3-ghi ij5-klm mn7-opq",
    "recovery codes: ready-made, time-saving",
    "my locker has 1234 stickers on it",
    "the locker at the gym is 1250 m from the pool",
    "de kluis in de bank is 1350 kilo",
    "der Paketkasten ist 2019 aufgestellt worden",
    "the code of the app is 12000 lines",
    "the code of the app is 2024 vintage, rewritten since",
    "the password for the app is 12 characters at least",
    "la contraseña de la app es 123, dice el manual de ejemplo",
    "het paswoord vergeten, ik moet een nieuw aanvragen",
    "een paswoord moet 12 tekens hebben",
    "s'Passwort isch z'churz gsi, jetzt hät's 12 Zeiche",
    "s'Wetter bi de Grosi isch 25 Grad",
    "the alarm is set for our anniversary, 0700.",
    "the code is the house number twice, I'll tell you later",
    "the wedding is on 12 May, so 2011 was a good year",
    "der Wecker ist auf unseren Hochzeitstag gestellt, also 0630",
    "le ticket 1 85 05 78 006 084 37 est perdu",
    "commande 1 85 05 78 006 084 91 2",
    "la référence 2 58 15 27 431 627 84 est sur la facture",
    "põe 275749118 no contacto, é o meu telemóvel",
    "vul maar 690830167 in bij de tandarts",
    "zet 690830166 euro op de rekening",
    "pon 48123456 en el campo de cantidad",
    "the order 756.1234.5678.98 shipped on monday",
    "version 756.1234.5678.97.2 of the firmware",
    "Versicherungsnummer: 4187 220790",
    "the PPS number has 7 digits and 1 or 2 letters",
    "the serial PELR850412HDFRPB04 is on the box",
    "the part number is 4HT2-WX8-PQ19",
    "security question (first pet): can't remember",
    "security question (first pet): not set yet",
    "security question: first pet, I set it up last year",
    "my first pet was Rex and we chase balls",
    "my favourite teacher question at school = Mr Smith taught us",
    "I put the safe with 1500 dollars in the closet",
    "I put the safe with 1500 in the closet",
    "au bureau tu tapes 1808 mots par heure",
    "type 2024 in the year field",
    "type 5512 in the calculator",
    "wallet backup: done on sunday, the usual place",
    "die Wörter des Ledgers: ich hab sie im Safe",
    "la clave de acceso tiene 6 dígitos",
    "cambiar la clave de acceso cada 90 días",
]


# The shapes the twelfth tuning part taught it (secrets from corners of everyday life in the words used
# there: alarm panels, smart locks, unlock patterns, recovery keys, pickup codes), the same way.
SHAPES_ROUND_12: dict[str, str] = {
    "a recovery key given beside its key ID": (
        "recovery screen: key ID 5C1D77A0, recovery key 301122-554433-667788-990011-223344-556677-889900-778844"
    ),
    "a hexadecimal password after a user ID and a comma": "user id mkoch, password 7F3A9C2E",
    "a hexadecimal recovery key with no ID's word": "my recovery key: 4B19E0C2-77AD-4F10-9C3B-2E5A61D0F7B8",
    "an unlock pattern, its letter and its corner": "my pattern's an S from the bottom right",
    "an unlock pattern by its own word, in German": "Entsperrmuster: ein großes C, oben rechts anfangen",
    "an unlock pattern after 'mi patrón'": "mi patrón es una W, empieza abajo a la derecha",
    "a tablet's pattern from a corner's dot": "our tablet pattern: a V, start at the top-left dot",
    "an unlock pattern, in French": "mon schéma de déverrouillage : un Z depuis en haut à droite",
    "an unlock pattern, in Italian": "la sequenza di sblocco è una C partendo in alto a destra",
    "an unlock pattern, in Dutch": "mijn patroon is een Z, linksboven beginnen",
    "an unlock pattern drawn as a shape, in Portuguese": (
        "o padrão de desbloqueio é um triângulo, começa em baixo na direita"
    ),
    "codes listed by what they open": "alarm 6140, back gate 2287",
    "codes listed by what they open, in German": "Alarmanlage 4410 und Gartentor 0915",
    "codes listed by what they open, in Italian": "allarme 3056, cancello 7741",
    "codes listed by what they open, in Spanish": "alarma 7710 y portón 2281",
    "codes listed by what they open, a short one last, in Portuguese": "alarme 5120 e caixa do correio 904",
    "codes listed by what they open, in Dutch": "voordeur 4471; brievenbus 118",
    "a pharmacy's pickup code": "the pharmacy sent the pickup code RX4471",
    "a parcel station's pickup code, in German": "Abholcode für die Packstation: 550913",
    "a pharmacy's code after what it is for, in Spanish": "el código de la farmacia es QF2210",
    "a parcel's pickup code, in Dutch": "ophaalcode 731905 voor het pakket",
    "a pharmacy's collection code, in French": "le code de retrait à la pharmacie : KP3308",
    "a parcel's collection code, in Italian": "codice di ritiro del pacco: 604417",
    "a collection code, in Portuguese": "o código de levantamento é 882310",
    "a parcel locker's code": "the parcel locker code is 419927",
    "a gate's code changed, in German": "Torcode von 5521 auf 8830 geändert",
    "an alarm's code changed, before and now, in Spanish": "cambié el código de la alarma, antes 5521, ahora 8830",
    "a gate's code changed, before and now, in French": "code du portail : avant 1408, maintenant 7723",
    "a PIN changed, in Dutch": "PIN van 4410 naar 9026",
    "an alarm's code changed, in Italian": "ho cambiato il codice dell'allarme da 3310 a 7784",
    "a PIN changed, in Portuguese": "mudei o PIN de 2207 para 8841",
    "a duress code, the number before its name": "if I'm ever forced, I key in 3318, the duress one",
    "a duress code after an aside, in German": "Überfallcode der Alarmanlage (stiller Alarm): 7712",
    "a duress code, in Spanish": "código de coacción 5402",
    "a duress code, in French": "code sous contrainte : 6619",
    "a duress code, in Italian": "codice antirapina 4471, da usare solo se minacciato",
    "a duress code, in Dutch": "dwangcode 8830",
    "a name and a year after its recipe, in Spanish": "la contraseña es el nombre del perro y el año, Toby2009",
    "a name and a year run together after its recipe, in Portuguese": "a senha é o nome do gato e o ano, Tigre2012",
    "a name and a year after a long recipe": (
        "my password? the name of our first dog and then the year my sister was born, so Rex1994"
    ),
    "a name and a year after a long recipe, in German": (
        "Passwort für alles: der Name unserer ersten Katze und dann das Jahr, in dem wir sie bekamen, also Minka2010"
    ),
    "a name and a year after a long recipe, in French": (
        "mon mot de passe, c'est le nom de notre premier chien suivi de l'année de naissance de ma fille : Rocky2008"
    ),
    "an Italian burglar alarm's code, 'antifurto'": "il codice dell'antifurto è 6604",
    "an Italian burglar alarm's code after where it is": "antifurto del negozio: 3318",
    "a Spanish burglar alarm's code, 'antirrobo'": "el código del antirrobo es 5521",
}

# And look-alikes of the twelfth round's shapes, stored: a recovery key's ID, which names the key for the
# help desk and opens nothing; a pattern of something else, a figure with no corner, a corner with no
# figure; numbers listed by a gate's, a flat's, a bike's or a port's name that are no codes (too short,
# the same name twice, a price, a year, a time); a pharmacy's or a parcel's code that is a postcode's, a
# discount's, a tracking number's or an error's; an alarm clock, a meeting, a zip code, years, a count
# and a gate's number moved from one value to another; a duress code with no number, and "under duress"; a
# password's recipe with no value, a name and a year with no password, a rule; a burglar alarm's time,
# price, year and parts.
LOOK_ALIKES_ROUND_12 = [
    "key ID 9E3F21AB; IT needs that ID to find the recovery key",
    "Recovery key identifier: 4B19E0C2-77AD-4F10-9C3B-2E5A61D0F7B8",
    "identificador de la clave de recuperación: 8F0E2D4C",
    "identifiant de la clé de récupération : C7A1B39E-2B4D-4E6F-8A0C-1E3F5A7B9C0D",
    "id van de herstelsleutel: 6A8C0E2F, die stuur ik door",
    "Kennung des Wiederherstellungsschlüssels: 2D4C8E1F-0B3A-4C5D-8E7F-1A2B3C4D5E6F",
    "the quilt pattern is a Z, starting top left",
    "my pattern of sleep is an L, from top left",
    "the unlock pattern can be any letter, start top left",
    "das Strickmuster ist ein U, oben links anfangen",
    "mi patrón es una W",
    "my pattern starts top left",
    "mijn patroon van slapen is een L, linksboven",
    "gate 12, door 4",
    "porta 8080 e porta 443",
    "flat 1204, garage 18",
    "alarm 0630, meeting 0900",
    "bike 1200, car 3400",
    "Tor 1998, Tür 2011",
    "alarm at 0630, gate at 0700",
    "garage 1200 €, porte 800 €",
    "the pharmacy's postcode is 10115",
    "discount code SAVE20 at the pharmacy",
    "the pickup code changes every day",
    "tracking code 00340434161 for the parcel",
    "the code of the parcel locker is in the app",
    "I collected 12000 points, code promo BONUS25",
    "the parcel locker code error E4021",
    "Alarm von 0630 auf 0700 umgestellt",
    "the code review moved from 1400 to 1500",
    "Torcode von 2019 auf 2021 geändert",
    "zip code from 10115 to 10117",
    "the gate moved from 1204 to 1206",
    "the PIN length went from 4 to 6",
    "the panel has a duress code",
    "the duress code must be 4 digits",
    "we installed the duress code feature in 2019",
    "he signed under duress, fined 5000",
    "firmó bajo coacción, multa de 3000",
    "my password is the dog's name and a year",
    "the dog's name is Bello, born 1988, Bello1988 on the tag",
    "password rules: no names or birth years",
    "Mimi2014 was the name of the year's best cat",
    "l'antifurto suona alle 0700",
    "l'antifurto costa 1200 euro",
    "antifurto installato nel 2019",
    "el antirrobo del coche tiene 1500 piezas",
]


# A secret given in two parts, the text naming it and its start or end, the quote the rest: (text, quote).
HALVES_ROUND_11 = [
    ("The garage code begins with 73.", "and it ends with 18"),
    ("Der Tresorcode fängt an mit 52.", "hinten kommt noch 07 dazu"),
    ("Le code du portail commence par 19.", "et ça finit par 46"),
    ("Il codice del cancello comincia con 83.", "le ultime due cifre sono 25"),
    ("Mi DNI empieza por 4312.", "el resto es 8765Z"),
    ("O NIF termina em 4471.", "e começa com 21835"),
    ("Passport number, first half X91K", "second half is 4470Q"),
]
# And two parts of what is no secret, or the same part said twice, stored.
HALVES_LOOK_ALIKES_ROUND_11 = [
    ("The postcode starts with 10.", "and ends with 25"),
    ("Phone number begins with 06.", "the rest is 12345678"),
    ("The code starts with 10 minutes of setup.", "the rest is 20 minutes"),
    ("La carta che finisce con 9051 è scaduta.", "quella che finisce con 9051, sì"),
    ("The PIN must start with a digit.", "the last 2 can be anything"),
]


# An identity number, a PIN or a lock's code the text names and the quote gives alone (a number's value
# passes its check): (text, quote, kind). And look-alikes: the value fails its check, is shaped as no such
# number is, is a year, a count, a time or a postal code, or the PIN is people's in general.
NAMED_IN_THE_TEXT_ROUND_11 = [
    ("Keeps the SSN at hand for the benefits form.", "512-44-7319, that's the whole thing", "us-ssn"),
    ("Needs the CPF for the pharmacy.", "529.982.247-25, pode pôr", "br-cpf"),
    ("Gave the CUIL for the bank.", "20-31456789-8", "ar-cuil"),
    ("Bestätigt den Torcode.", "ja genau, des isch er: 5819", "pin-code"),
    ("Bevestigde de code van de fietsenstalling.", "klopt, die is 5819, net als vorig jaar", "pin-code"),
    ("Deurcode van de praktijk", "4471# bij de achterdeur", "pin-code"),
    ("Code du cadenas du vélo", "0/7/2/5", "pin-code"),
    ("Answered which code opens the shed", "the first one, 6024", "pin-code"),
    ("Para mais tarde: PIN do cartão da irmã.", "guarda isto, 7305, é o dela", "pin-code"),
]
NAMED_IN_THE_TEXT_LOOK_ALIKES_ROUND_11 = [
    ("Keeps the SSN at hand for the benefits form.", "call the office at 512-555-7319"),
    ("Needs the CPF for the pharmacy.", "529.982.247-26, pode pôr"),
    ("Gave the CUIL for the bank.", "the branch is open 20-31 June"),
    ("Door code changes next month.", "the building has 1250 flats"),
    ("Asked about the door code.", "we moved here in 2019."),
    ("The gate code is on the fridge.", "the meeting is at 1830 h"),
    ("Read that the most common PIN is weak.", "people pick 1234, crazy"),
]

# The twelfth round: the quote's number is a lock's code only when offered as one, not as a flat's, a
# room's, a floor's, a bus's or an order's number, nor as a count of flats; a room's safe stays a safe.
NAMED_IN_THE_TEXT_ROUND_12 = [
    ("Asked for the gate code.", "it's 4417, the gate by the bins", "code-nearby"),
    ("Codice della cassaforte dell'albergo", "cassaforte camera 52913, l'ho scelto io", "code-nearby"),
    ("Gate code of the flats", "yes, 5819", "code-nearby"),
]
NAMED_IN_THE_TEXT_LOOK_ALIKES_ROUND_12 = [
    ("Asked for the gate code.", "the flat is 1204."),
    ("Asked for the gate code.", "we're in room 2207."),
    ("Wollte den Torcode wissen.", "Wohnung 1406, dritter Stock"),
    ("Preguntó por el código del portal.", "vivo en el piso 1204."),
    ("A demandé le code du portail.", "l'immeuble a 1250 appartements"),
    ("Asked for the door code.", "the bus is the 1812."),
]


# The shapes beside the thirteenth tuning part's hardest look-alikes, still refused.
SHAPES_ROUND_13: dict[str, str] = {
    "a long hex token after 'fixed' with a credential's word": (
        "fixed the deploy token, it's now 5e0a7c93b1d24f6a8e0c2b4d6f81a3c5e7092b4d"
    ),
    "the owner's own password beside the novel it is for": "my password for the novel's folder is Quarzlicht64",
    "the owner's own password in a novel's chapter, in French": (
        "pour le chapitre deux, mon mot de passe du cloud est Brumaire#58"
    ),
    "a bar's Wi-Fi key, not posted": "the wifi key at the pub is Hopfen#2288, for when I work there",
    "a home Wi-Fi password though the café's is posted": (
        "the wifi password at home is Kastanie-7731, the café's is by the till"
    ),
    "a Wi-Fi's QR text scanned off a café's board": "scanned the café's board: WIFI:T:WPA;S:Crema;P:uv7Rk2pLq9;;",
    "a game account's password, though the game is won": (
        "the password of my game account is Drachen#4471, we finally won the raid"
    ),
    "an alarm taken off with its code, in Spanish": "la alarma de la tienda se quita con 4417, ojo que suena fuerte",
    "an alarm that goes off with its code, in Dutch": "het alarm van de schuur gaat uit met 5520, daarna de deur",
    "a card number beside a novel, refused anywhere": "for the novel's chapter two, my card is 4556 7375 8689 9855",
}

# The thirteenth round's look-alikes (the hardest yet: a secret's words and a value, but no owner's
# secret), stored.
LOOK_ALIKES_ROUND_13 = [
    "finally fixed it in 5e0a7c93b1d24f6a8e0c2b4d6f81a3c5e7092b4d, the flaky upload",
    "the typo is patched in 0c4f8e2a6b1d3f5e7a9c0b2d4f6e8a1c3e5b7d9f now",
    "in my novel the smuggler types Moonrise42 to open the hold",
    "Owner's thriller draft, chapter six: the detective logs in with password 'Quarzlicht64'.",
    "im Roman öffnet der Archivar die Tür mit dem Passwort Nebelhorn31",
    "dans mon roman, le pilote tape Brumaire58 pour démarrer",
    "in hoofdstuk vier typt de smokkelaar Maanlicht7 in, spannend",
    "nel mio romanzo la spia usa la password Cometa2020 per entrare",
    "Pour son roman policier, le pirate a choisi le mot de passe « Brumaire58 » pour la porte.",
    "Für ihren Krimi: der Archivar kennt das Passwort 'Nebelhorn31' und tippt es nachts ein.",
    "Voor haar roman: de smokkelaar kiest het wachtwoord 'Maanlicht7' voor de kluis.",
    "in chapter two the courier types Salt&Pepper19 into the locker",
    "the bakery's wifi password is chalked by the till, Brioche42, everyone gets it",
    "The hotel lobby posts its free guest Wi-Fi on the sign at the counter: Lobby2024.",
    "das WLAN-Passwort der Bibliothek hängt an der Theke, Lesesaal77, für alle",
    "à la boulangerie, le code du wifi est affiché à la caisse : baguette19, gratuit pour les clients",
    "bij de bakkerij staat het wifiwachtwoord op een bordje naast de kassa: krentenbol5, gratis voor klanten",
    "la password del wifi del bar è sulla lavagna al bancone, spritz88, per tutti",
    "the password for the treasure hunt is pancake, whoever says it first wins",
    "das Losungswort beim Spiel auf Mias Geburtstag ist Zauberbohne",
    "la parola d'ordine della caccia al tesoro è girandola, chi la trova vince",
    "la contraseña del juego en la fiesta es mandarina",
    "For the kids' party, the treasure hunt password is «pancake».",
    "la alarma se quita con el botón rojo del año 2019",
    "het alarm gaat uit met 3 korte piepjes",
]


@pytest.mark.parametrize(("text", "quote", "kind"), [*NAMED_IN_THE_TEXT_ROUND_11, *NAMED_IN_THE_TEXT_ROUND_12])
def test_an_identity_number_the_text_names_and_the_quote_gives_alone_is_refused(
    text: str, quote: str, kind: str
) -> None:
    assert proposal_secret_kind(text, quote) == kind


@pytest.mark.parametrize(
    ("text", "quote"), [*NAMED_IN_THE_TEXT_LOOK_ALIKES_ROUND_11, *NAMED_IN_THE_TEXT_LOOK_ALIKES_ROUND_12]
)
def test_a_number_that_is_not_the_one_the_text_names_is_stored(kit: PersonaKit, text: str, quote: str) -> None:
    assert proposal_secret_kind(text, quote) is None
    result = kit.propose(text, quote, "tools")
    assert result.stored and result.new, result


@pytest.mark.parametrize(("text", "quote"), HALVES_ROUND_11)
def test_a_secret_whose_start_the_text_gives_and_whose_rest_the_quote_gives_is_refused(text: str, quote: str) -> None:
    assert proposal_secret_kind(text, quote) == "told-in-pieces"
    assert proposal_secret_kind(text, "the owner said so") is None  # the start alone is a piece, not the secret


@pytest.mark.parametrize(("text", "quote"), HALVES_LOOK_ALIKES_ROUND_11)
def test_two_parts_of_what_is_no_secret_are_stored(kit: PersonaKit, text: str, quote: str) -> None:
    assert proposal_secret_kind(text, quote) is None
    result = kit.propose(text, quote, "tools")
    assert result.stored and result.new, result


def test_an_owners_iban_is_refused_though_the_text_speaks_of_donations_or_a_website() -> None:
    """A published account for gifts needs both words: either alone leaves an owner's IBAN refused."""
    assert proposal_secret_kind("Owner's bank", "my donations go out from DE50 5260 1815 9083 0166 13") == "iban"
    assert proposal_secret_kind("Owner's bank", "my IBAN for the website: FR53 1860 9139 0996 0308 2462 819") == "iban"


# The fourteenth round's shapes: how realistic owners say the secrets they blurt out.
SHAPES_ROUND_14: dict[str, str] = {
    "a one-time code an app gave, and a request to enter it": "the authenticator gave me 418203, type it in please",
    "a one-time code texted, and what to do with it": "the bank just texted me 730614, what do I do with it?",
    "a one-time code that has just come, in Spanish, in a message named before it": (
        "me ha llegado un mensaje con el código 291847, ¿dónde lo pongo?"
    ),
    "a one-time code the bank sends, in French, to confirm": "la banque m'envoie 604172 pour confirmer l'achat",
    "a one-time code sent, in Italian, present tense": "mi manda 559031 per autorizzare il bonifico",
    "a one-time code sent, in German, and where to enter it": "die Bank schickt mir 882140, wo gebe ich das ein?",
    "a security question's topic, then after a comma what was put in": (
        "my security q is the first school I went to, I put Hollybrook Primary"
    ),
    "a security question's topic, then 'it's' and the answer": "dad's security question is his first dog, it's Rusty",
    "a security question's topic, in German, with the answer inside the verb": (
        "Sicherheitsfrage erste Katze, hab Mimi eingetragen"
    ),
    "a security question's topic, in Dutch, with the answer inside the verb": (
        "beveiligingsvraag over mijn eerste huisdier, heb Snuffie ingevuld"
    ),
    "a security question's topic, in French, then what was put in": (
        "question secrète ville de naissance, j'ai mis Vannes"
    ),
    "a key safe, where it is, then its code alone after a comma": "key safe by the back door, 6604, for the carers",
    "a key box in Italian, then a code's word and its code after a comma": (
        "cassetta delle chiavi in via Roma, codice 3318, per gli ospiti"
    ),
    "a key safe in German, where it is, then its code": "Schlüsselsafe am Gartenhaus, 7720, für die Gäste",
    "a key box in French, then its code alone": "boîte à clés du gîte, 5182, pour les locataires",
    "a key box in Spanish, then its code alone": "caja de llaves en la fachada, 4471, para los huéspedes",
    "a recovery code of letters in dashed groups of four": "recovery code for the bank app: qzvd-hrtx-ymbe-wkpf",
    "a recovery code in German, letters in dashed groups": "Wiederherstellungscode fürs Mailkonto: tkzw-pqhm-rvxd",
    "a recovery code in Italian, letters and a digit in dashed groups": (
        "codice di recupero di Google: mnbv-c4zl-kjhg-fdst"
    ),
    "a safe's dial numbers dashed, then which way to turn first": "the gun safe: 12-30-7, turn left first",
    "a safe's dial numbers dashed, in German, then the way to turn": "Tresor im Keller 4-22-16, zuerst rechts drehen",
    "a safe's dial numbers dashed, in French, then the way to turn": "le coffre : 3-18-40, tourner à gauche d'abord",
}

# The fourteenth round's look-alikes: the same words and a number that is no secret.
LOOK_ALIKES_ROUND_14 = [
    "my uncle gave me 150000 for the flat, paid back by 2030",
    "the shop gave me 250000 points, what do I do with them?",
    "she texted me 3 photos of the cat, what a sweetheart",
    "me ha llegado un SMS con el número de seguimiento del paquete, llega el martes",
    "la banque m'envoie 12 relevés par an, c'est trop",
    "die Bank schickt mir 2 Briefe im Monat, wo gebe ich die ab?",
    "the security question thing is annoying, it's Monday again",
    "security questions about your first school are easy to guess, I read it on Wired",
    "Sicherheitsfrage erste Katze, hab Angst dass ich sie vergesse",
    "my security q for the first dog, I forgot it, Mum knows",
    "the security q&a at the conference, it's Room B",
    "key safe on the wall since the move, 2019, still works fine",
    "the key safe by the back door, 2500 of them sold, says the shop",
    "cassetta delle chiavi in ferramenta, 3 modelli, la più cara 49 euro",
    "boîte à clés achetée chez Leroy, 35 euros",
    "recovery code: note-this-down-asap, the app said",
    "backup codes: keep-them-safe, print once",
    "Tresor geliefert am 7-3-25, steht links neben dem Schrank",
    "the safe arrived 12-3-24, left it in the hall",
]


# The fifteenth round's shapes: more of what realistic owners blurt out.
SHAPES_ROUND_15: dict[str, str] = {
    "a Spanish DNI after its label, a title's dot among the words between": (
        "DNI de la compradora (Sra. Gil) para las arras: 12345678Z"
    ),
    "a security question's first of anything, then what was put in": "security question first concert, I put Oasis",
    "a security question's first of anything, in German, the answer inside the verb": (
        "Sicherheitsfrage erstes Konzert, hab Queen eingetragen"
    ),
    "a security question's first of anything, in Spanish": "pregunta de seguridad primer trabajo, puse Mercadona",
    "a Brazilian account, its check digit after a dash": "a conta é 45821-3, para o aluguel",
    "a Brazilian savings account, its check digit an X": "minha conta poupança 00012345-X no BB",
    "a one-time code a text came with, and someone asking for it": (
        "a text came with 509137, the man on the phone asked me for it"
    ),
    "a one-time code received, in French, and someone asking for it": (
        "j'ai reçu 604172, le monsieur au téléphone me l'a demandé"
    ),
    "a one-time code come, in Spanish, and someone asking for it": "me llegó 291 847, el señor me lo pidió",
    "the message that brought a code, and what it said the code is": "the bank's text said the code is 507318",
    "the message that brought a code, in French": "le SMS disait que le code était 604172",
    "the message that brought a code, in Italian": "la notifica diceva che il codice è 2290",
    "the message that brought a code, in German": "die Nachricht sagte, der Code ist 8830",
    "a copier's code after its name": "my copier code is 40718, the office manager set it",
    "a copier's code, in German, with no verb": "Kopierer-Code 55210 fürs Lehrerzimmer",
    "a printer's code, in French, after c'est": "le code de l'imprimante du bureau c'est 80412",
    "a copier's code, in Spanish": "el código de la fotocopiadora es 30917",
    "a personal code, in Spanish": "mi código personal del portal del empleado: 55821",
    "a personal code, in Italian": "codice personale per la timbratrice: 40917",
    "a door's code after c'est, in French": "le code de la porte du local c'est 4471",
    "a Wi-Fi said to have rotated, then its new password": "the office wifi got rotated: Harbor2291",
    "a Wi-Fi rotated to its new password": "the wifi was rotated to Kestrel8841 this morning",
}

# The fifteenth round's look-alikes: the same words and a number that is no secret.
LOOK_ALIKES_ROUND_15 = [
    "El DNI del Sr. Ortega caduca en 2031, hay que renovarlo",
    "DNI del comprador (Sr. Ortega): lo trae el lunes, arras de 10.000 €",
    "security questions at first seemed silly, then I got used to them",
    "the security question first time round, I put it off",
    "security question first car, I forgot it",
    "Sicherheitsfrage erstes Mal, hab Angst sie zu vergessen",
    "a conta deu 145,90 no restaurante",
    "a conta de luz é 12345-6 no boleto",
    "o telefone da conta é 98765-4321",
    "a conta é 2024-1, do condomínio",
    "A text came with 3 photos, the lady asked for it",
    "A text came with 250000, the lady on the phone asked for it",
    "A text came with the tracking number 372915, the shop asked for it",
    "the text said the tracking code is 372915",
    "the message said the code is 4 digits long",
    "le SMS disait que le code promo était 202020",
    "the text said the error code is 5012",
    "the essay's text said the code is 1500 words at most",
    "code erreur de la photocopieuse : 47302",
    "the copier code E-210 means a paper jam",
    "la photocopieuse a 47302 copies au compteur",
    "my personal code of conduct has 10 rules",
    "le code postal c'est 75011",
    "le code promo c'est 202020",
    "le code de la route c'est 2024 cette année",
    "the guest wifi rotated, now on 5 GHz",
    "the wifi rotated channels, now on 36",
    "the wifi is rotated every 90 days",
    "the guest wifi rotated, ask at the desk",
]

# The sixteenth round's shapes: how realistic owners say their secrets once more.
SHAPES_ROUND_16: dict[str, str] = {
    "a password someone set on their own, its value after it": "my son set his own password: Lego2015!",
    "a password picked by someone herself, its value after a colon": "the password she picked herself: Tulip!2020",
    "a short name for a password, then a preposition": "my pass on the tablet is Kite77x!",
    "a passport number further on in its label's sentence, in Dutch": "Paspoort van mijn vader voor Spanje: XR4KT19P2",
    "a passport number past whose it is": "the passport number of my wife is YB7731928",
    "a passport number past what it is for, in Spanish": "El pasaporte de mi hija para el viaje: PAK482913",
    "a Portuguese NISS after its label": "o meu NISS: 12034567897",
    "a Portuguese NISS further on in its label's sentence": "pediram o NISS para a baixa médica, é 11876543212",
    "a one-time code come, a demonstrative and its service": "chegou este código do mbway 604913, já estou no carro",
    "a one-time code from a service, in English": "just got this code from Revolut 771204",
    "a one-time code in a text, and what the text says": "the bank sent me a text with a code, it says 508113",
    "a one-time code, then that it runs out": "authenticator code 482207 hurry before it runs out",
    "a one-time code with its service's name, then its expiry, in Italian": "codice inps 730118 scade tra 3 minuti",
    "a one-time code with its service's name, then its expiry, in German": "Code Netflix 482913 gültig 10 Minuten",
    "a room's code, the room a German compound, then its number": "Code Lehrerzimmer 2C: 40917, falls ich was vergesse",
    "a room's code after what it opens, in German": "der Code fürs Archivzimmer ist 5521",
    "a storeroom's code in a sentence, in German": "Der Code für den Lagerraum im Keller ist 30817.",
    "an alarm the owner turns off with its code, in Spanish": "la alarma de la oficina la desactivo con 4159",
    "an alarm the owner turns off with its code, in Portuguese": "o alarme da loja eu o desligo com 7305",
    "an alarm the owner turns off with its code, in Italian": "l'allarme del negozio lo disattivo con 2846",
    "an alarm the owner turns off with its code, in English": "the shop alarm I turn it off with 6620",
    "a security question's answer after a comma, for the bank": (
        "when the bank rings about the security question it is my mother's maiden name, Brannigan."
    ),
    "a security question's answer after a comma, in German": (
        "Sicherheitsfrage der Bank: Mädchenname der Mutter, Kowalski."
    ),
}

# The sixteenth round's look-alikes: the same words and a value that is no secret.
LOOK_ALIKES_ROUND_16 = [
    # "pass" as the verb that hands something on, beside a discount code.
    "the kit shop code is KITBAG15 for the boots, pass it along to the others",
    "new rota on ROTA-W12 from Monday, pass it on to the night staff",
    # A password someone else set on their own: the value before it is the network's name.
    "Flat 3 wifi: BT-Hub7731, the tenant set the password himself",
    "WLAN der Ferienwohnung: FritzBox7490, das Passwort hat der Gast selbst geändert",
    "wifi boven: Ziggo4471, het wachtwoord heeft de huurder zelf ingesteld",
    # A charity's account printed for all, and the owner who gives to it.
    "We give five pounds a month to the cat shelter, their account is on the flyer: GB02 NWBK 6016 1331 9268 20",
    "We geven elk jaar aan een goed doel, het nummer staat op de folder: NL72 INGB 0006 5432 17",
    # A passport's sentence with another number in it: a flight's, a gate's, a count, a date.
    "Passport for the trip: flight KL1143 at 9",
    "paspoort voor de reis: vlucht KL1143",
    "Reisepass für die Reise nach Oslo: Termin am 12.04. um 10:30",
    "passport photos for the trip: 4 copies, 12 EUR",
    "el pasaporte para el viaje: puerta B12, terminal 2",
    # A NISS's sentence with another number: a phone's, an amount, its length; eleven digits that fail its check.
    "o NISS tem 11 dígitos, começa por 1",
    "pediram o NISS para o subsídio, liguei para 210000000",
    "o NISS da Ana: 12345678903, não bate certo",
    # A code come with a service's name that is no one-time code's: a discount's, a room's, a promotion's.
    "me llegó el código de descuento 482913",
    "recebi o código da promoção 482913",
    "I got the code for room 120167",
    "code promo 202020 expire demain",
    "codice sconto 4821 valido fino a domenica",
    "code postal 75011 valable",
    "my code 4821 runs out tomorrow",
    # A room's word with a number that is the room's, a temperature, a count; a room with no code's word.
    "Wartezimmer Nummer 22810",
    "Wohnzimmer 24 Grad, Code egal",
    "Lehrerzimmer 204, Code der Woche: 3 Hefte",
    "Zimmer 12 im Lehrerzimmer-Flur, Sprechstunde 1430",
    "Elternabend Lehrerzimmer 204, Zugangscode kommt per Mail",
    # An alarm turned off with something that is no code: an app, a count, minutes of margin.
    "la alarma de la tienda la desactivo con la app",
    "la alarma de la tienda la desactivo con 4 pulsaciones",
    "la alarma la desactivo con 2 minutos de margen",
    "the alarm clock, I turn it off with 5 snoozes",
    # A maiden name asked for, with no answer given after the comma, or said with no bank nor question.
    "for the bank form I need my mother's maiden name, Birth certificate and passport",
    "the bank asked for my mother's maiden name, I told them",
    "her maiden name, Mulligan, is Irish",
]

# The seventeenth round's shapes: how the sixteenth part's owners say their secrets.
SHAPES_ROUND_17: dict[str, str] = {
    "a French tax number past what it is for, its check passing": (
        "numéro fiscal de ma mère pour la déclaration : 12 34 567 890 066"
    ),
    "a French tax number past the site it is for": "mon numéro fiscal pour impots.gouv.fr : 1234567890066",
    "a French identity card's number, its label without its article": "num carte identite 880692310285 pour le bail",
    "a French identity card's number, its article's apostrophe dropped": "locataire, carte d identite : 880692310285",
    "a security answer, a name with its particle, after 'it's'": (
        "the bank wants my mother's maiden name, it's De Groot."
    ),
    "a security answer, a name with its particle, in French": (
        "question secrète de la banque, nom de jeune fille de ma mère : Le Goff"
    ),
    "a security answer, a name with its particle, in German": (
        "Sicherheitsfrage der Sparkasse: Geburtsname der Mutter ist Von Stein"
    ),
    "a one-time code with its qualifier after it and its service": "code SMS Doctolib 551204, je le tape",
    "a one-time code named OTP after its word, in Italian": "codice OTP poste 551204",
    "a code and the owner's hurry to type it, in German": "der Code ist 551204, schnell bitte",
    "a TAN in lower case, sent, in German": "die Volksbank hat die tan geschickt: 551204",
    "a code a service asks for, in Dutch": "Outlook vraagt om een code: 551204",
    "a code a service asks for again, in English": "the app asks me for a code again: 551204",
    "a code a service asks for, in French": "Doctolib me demande un code : 551204",
    "a code a service asks for, in Spanish": "WhatsApp me pide un código, 551204",
    "a code sent, then the code after a comma, in Italian": "mi hanno mandato un codice, 551204, per entrare",
    "an alarm's code, then the key pressed after it": "the alarm at the flat is 4471 then press the bell",
    "a garage's code, then the key hit after it": "garage 5521 then hit the key symbol",
    "an alarm's code, then the key pressed after it, in French": "alarme du local 5521 puis appuyer sur la cloche",
    "an alarm armed with its code, then what to do, in German": "Alarm scharf machen mit 44107, dann zügig raus",
    "an alarm disarmed with its code, in German": "Alarmanlage unscharf schalten mit 4410, dann Tür auf",
    "a console's passkey after what it is for": "the passkey on the kids' console is 551204",
    "a console's passkey after its label, in German": "Xbox-Passkey: 551204",
    "a UK UTR after its label": "my UTR is 1845302917",
    "a UK UTR further on in its label's sentence, its check passing": "the UTR for the tax return was 3845302917",
    "a self-assessment reference further on, its check passing": (
        "self assessment reference for the partnership is 9604118253 ok"
    ),
    "a builder's hut's code, in Dutch": "bouwkeet Zuidas code 4471",
    "a builder's hut's code after its colon, in Dutch": "schaftkeet code: 4471",
    "the code of the safes, plural, in Italian": "il codice delle casseforti è 551204",
    "a master code, then the safes it opens, in Italian": "codice master casseforti piano terra 551204",
    "the code of the safes, plural, in English": "the code for the safes is 4471",
}

# The eighteenth round's shapes: how the seventeenth part's owners say their secrets in passing.
SHAPES_ROUND_18: dict[str, str] = {
    "an alarm's code, then the next instruction after a comma": "shop alarm 7731, lights off at the back",
    "an alarm's code after 'is', then 'and' the next thing, in German": (
        "die Alarmanlage im Keller ist 7731 und der Müll kommt Dienstag raus"
    ),
    "an alarm's code after 'is', then the next instruction, in Spanish": "la alarma del taller es 7731, y cierra bien",
    "an alarm's code after 'is', then what follows, in Dutch": "het alarm van de winkel is 7731, en dan de deur dicht",
    "a combination lock with its number": "the bike shed has a combination lock with 4729",
    "a combination lock, then its number after a comma, in German": "das Fahrradhaus hat ein Zahlenschloss, 4729, ok?",
    "a combination lock, then its number after a comma, in Dutch": "de schuur heeft een cijferslot, 4729, echt",
    "a combination padlock with its number, in French": "la remise a un cadenas à code avec 4729",
    "a barrier that takes its code, then the key": "the car park barrier takes 5812 then the hash key",
    "a barrier that opens with its code": "the barrier at the depot opens with 5812",
    "a key box's code in brackets, in French": "les clés sont dans la boîte (code 5812)",
    "a key box's code, in Dutch": "sleutelkastje bij de achterdeur code 5812",
    "a cabinet's combination in brackets": "the drugs are locked in the cabinet (combination 5812)",
    "a validation code received, in French": "code de validation 581204 reçu pour le virement",
    "a validation code received, in Spanish": "me llegó el código de validación 581204",
    "a code someone else received, in Italian": "mia madre ha ricevuto il codice 604417 per la banca",
    "six digits that came, then what to do with them, in Italian": "m'è arrivato 604417, che ci faccio?",
    "six digits that came, then what to do with them, in Spanish": "me llegó 604417, ¿qué hago con esto?",
    "a code someone else received, in French": "elle a reçu le code 604417 ce matin",
    "a keypad's code to be reset to one not chosen yet": "reset the keypad code from 7316 to something new next week",
    "a gate's code to be changed to one not chosen yet, in German": "den Torcode von 7316 auf was Neues ändern",
    "a code to be changed to another, in Spanish": "hay que cambiar el código del portal de 7316 a otro",
    "a safe's code given with it, an adjective between, in Portuguese": "está no cofre grande com o código 7316",
    "a safe's code given with it, an adjective between": "the spare key is in the small safe with the code 7316",
    "a security answer after an elided article, in French": "question secrète (premier chien) : l'Ourson",
    "a security answer after an elided article, in Italian": "domanda di sicurezza (primo cane): l'Orso",
    "a door said to be a number, told to someone": "tell Aoife the back door's 5817 and the bins go out Monday",
    "a garage said to be a number for now": "the garage is 5817 for now, I'll change it in May",
    "a door said to be a number, told to someone, in Spanish": "dile a Pepe que la puerta es 5817",
    "a gate said to be a number for now, in Dutch": "het hek is 5817 voorlopig",
}

# The nineteenth round's shapes: how the eighteenth part's owners say their secrets over time.
SHAPES_ROUND_19: dict[str, str] = {
    "a lower-case TAN after a German article, then a hurry": "die tan ist 553190, bitte gleich eintippen",
    "a lower-case TAN after 'neue'": "die neue tan ist 408816",
    "a code that came, the Spanish participle said without its d": "me ha llegao el código 318804",
    "a code sent, the plural participle said without its d": "nos han mandao el código 552017",
    "a locker, then its padlock and the padlock's code": "locker 31, padlock 9046",
    "a locker, then its padlock and a round code, in French": "casier 12, cadenas 4400",
    "a locker, then its combination lock, in German": "Spind 7, Zahlenschloss 2290",
    "a locker, then its padlock, in Italian": "armadietto 21, lucchetto 7731.",
    "a code dictated with hyphens, in Spanish": "código del portón: cinco-uno-nueve-ocho",
    "a code said to be no longer the old one, the new one after a clause": (
        "the gate code isn't 5521 anymore, the new one since the break-in is 8830"
    ),
    "a code no longer the old one, in German": "der Torcode ist nicht mehr 5521, der neue ist 8830",
    "a code no longer the old one, in French": "le code du portail n'est plus 5521, le nouveau c'est 8830",
    "a code no longer the old one, in Spanish": "el código de la alarma ya no es 5521, el nuevo es 8830",
    "a code no longer the old one, in Italian": "il codice del cancello non è più 5521, il nuovo è 8830",
    "a security answer in lower case, said to be typed so": (
        "security question: first pet answer is pickles, all lowercase"
    ),
    "a security answer in lower case, in German": "Sicherheitsfrage erstes Haustier: bello, alles klein",
    "a security answer in lower case, in Spanish": "pregunta de seguridad, primera mascota: canela en minúsculas",
}

# The seventeenth round's look-alikes: the same words and a value that is no secret.
LOOK_ALIKES_ROUND_17 = [
    # A network's name given with "is", then "and" and the password named apart, with no value of its own.
    "the wifi is CasaVerde_5G and the password is on the router",
    "das WLAN ist FritzBox7590 und das Passwort steht auf der Karte",
    "il wifi di casa è CasaMare_24 e la password è sul frigo",
    "le wifi est Livebox-8A2C et le mot de passe est sur la box",
    'la red de la tienda se llama "Panaderia_2G" y la contraseña está en la caja',
    # A charity's account said to be a public one, for gifts.
    "Doneren aan het dierenasiel kan op hun openbare rekening NL91 ABNA 0417 1643 00, deel het gerust.",
    "Spenden bitte auf das öffentliche Spendenkonto der Tafel: DE89 3704 0044 0532 0130 00",
    # A French tax number's label with thirteen digits further on whose check fails, or another number.
    "numéro fiscal pour impots.gouv : 12 34 567 890 123",
    "numéro fiscal pour la déclaration, rappel le 0123456789123",
    "numéro fiscal demandé par la mairie, appeler le 01 23 45 67 89",
    # An identity card's label without its article, and a date, a count, a file's reference.
    "carte identite perdue, déclaration le 12/03/2024",
    "carte identite renouvelée, 2 photos à 12 euros",
    "carte identite : rendez-vous en mairie le 14 mai à 10h30",
    # A name with a particle, said with no bank nor security question; the bank's question with no name.
    "her maiden name is Le Bihan, she is from Brittany",
    "the bank asked for my mother's maiden name, it is on the form",
    # A code with "SMS" after it that is a short number; an article's or a discount's code in a hurry.
    "code sms 36180 pour se désabonner",
    "envoyez STOP, code SMS 38200 gratuit",
    "codice articolo 550210 sbrigati, finisce presto",
    "codice sconto 550210 sbrigati",
    # A tan that is a sunburn; a code asked for that is a postcode, a year, a length.
    "got a nice tan and received 120000 views on the video",
    "het formulier vraagt om een code: 1012 AB",
    "the form asks for a code: 2024",
    "the app asks for a code: 4 digits",
    "the printer asks for a code: see the manual, page 12",
    # A clock's alarm with a key after it; a page or a call with a key after it.
    "the alarm goes off at 0630 then press snooze",
    "page 5521 then press enter",
    "call 5521 then press the star key",
    # An alarm armed with an app or clicks; something else made sharp.
    "Alarmanlage scharf machen mit 2 Klicks in der App",
    "Alarmanlage scharf schalten mit der App um 2200",
    "Messer scharf machen mit 3000er Stein",
    # A sign-in passkey: no digits to say, a year, a count.
    "passkey set up on my phone for Google, 2 devices",
    "I made a passkey for Amazon in 2024",
    "passkeys are 10 times safer",
    "the passkey is on my phone since 2023",
    # A UTR's label and another number: India's payment reference, a phone, a payment's reference, a check
    # that fails further on.
    "UTR payment ref 412345678901",
    "UTR number 7228020734K",
    "the UTR letter came on 12/03/2024, call 0300 200 3310",
    "utr for the tax return, ring 3845302918",
    # A builder's hut with its plot, its price, its number.
    "de bouwkeet staat op kavel 3576",
    "bouwkeet huren kost 1200 euro per maand",
    "bouwkeet nummer 3576 bij de ingang",
    # Safes, plural, with a count, a price, a delivery's year, an invoice's code.
    "casseforti nuove, 12 camere, consegna 2024",
    "kluizen huren: 45 euro per jaar, code van de actie 2024",
    "the safes cost 1200 each, code 4471 on the invoice",
]

# The twentieth round's shapes: how the nineteenth part's owners, written plainly, say their secrets.
SHAPES_ROUND_20: dict[str, str] = {
    "an alarm that goes off with its code, in German": "die Alarmanlage in der Garage geht mit 7306 aus",
    "an alarm that goes off with its code, six digits, in German": "Alarmanlage im Keller geht mit 519027 aus",
    "a code that arrived, no one named, in Italian": "è arrivato il codice 604318, mettilo tu",
    "a code that just arrived, in Italian": "è appena arrivato il codice 771902",
    "a code that arrived, no one named, in Spanish": "ha llegado el código 382915, ponlo tú",
    "a PIN of letters and digits after its name": "my banking PIN is Kiwi2024, keep it quiet",
    "a PIN of letters and digits, in German": "die Online-PIN ist Birke4417!, sag sie keinem",
    "a PIN of letters and digits, in Spanish": "el PIN es Luna2019, no se lo digas a nadie",
    "a security question's answer if they ask it": "if they ask my mother's maiden name it's Rutherford",
    "a security question named as a question, its answer after 'is'": (
        "her answer to the first pet question at the bank app is Biscuit"
    ),
    "a first pet named after its kind, put in as the answer": (
        "first pet was our cat Mittens, that's what I put for Etsy"
    ),
    "a first pet called by its name, put in as the answer": (
        "first pet was a rabbit called Clover, that's what I used for the council site"
    ),
    "a bank's memorable word in lower case": "memorable word for the building society is lanternfish, keep it",
    "a memorable answer in lower case after what it is for": "my memorable answer for Monzo is toadstool.",
    "twelve seed words, then the wallet's phrase named after them": (
        "wolf hammer orbit cable crane badge dinner glove pencil object fiber absorb, that's the Trezor phrase"
    ),
    "twelve seed words, then 'my seed phrase'": (
        "motor lunar tissue rabbit denial glass orchard sponsor velvet hockey cradle unveil, that's my seed phrase"
    ),
    "twelve seed words, then the recovery phrase named in French": (
        "motor lunar tissue rabbit denial glass orchard sponsor velvet hockey cradle unveil, c'est la phrase de "
        "récupération"
    ),
    "a recovery key of seven groups of four after its name": (
        "Apple gave me this recovery key, QWFT-7HKD-MZRP-4XCN-TBLV-9GJS-ZKRM, keep it"
    ),
    "a FileVault recovery key of six groups": "my FileVault recovery key is HQ7B-22KD-P9XM-4TRC-WW3N-8JDF",
    "a recovery key in German": "der Wiederherstellungsschlüssel vom Mac: PLKT-3MRW-QZXD-8HVN-CTBF-6YJG",
    "a routing number with its 'is' elided onto its label": "routing number's 021000021 if the form asks",
    "a checking account at a bank named by its name": "my checking account at Harbor Federal is 7730291846.",
    "an account at a bank named by its name, in German": "mein Konto bei der Sparkasse ist 4410392781",
}

# The eighteenth round's look-alikes: the same words and a value that is no secret.
LOOK_ALIKES_ROUND_18 = [
    # A code's name said to be absent, a word after it: the number nearby is a locker's, a room's, a bike's.
    "locker 212 has a key lock, not a combination, so bring the key",
    "Spind 212, Schlüsselschloss, kein Code nötig",
    "casier 212, cadenas à clé, pas de code heureusement",
    "taquilla 212, candado de llave, sin código",
    "kluisje 212 heeft een sleutelslot, geen code dus",
    "armadietto 212 con lucchetto a chiave, senza codice",
    # A collection's or a charity's account, printed for all: a newsletter, a notice on display, a tract.
    "the parish newsletter prints it, donations to sort code 40-12-76 account 29370337",
    "Le RIB de la cagnotte est affiché dans le hall : FR76 3000 6000 0112 3456 7890 189",
    "Spendenaktion für den Kindergarten, Konto im Gemeindebrief: DE89 3704 0044 0532 0130 00",
    "inzameling voor de kerk, nummer staat in de nieuwsbrief: NL91 ABNA 0417 1643 00",
    # An alarm's number mid-sentence that is a clock's time, a price, a model, a year, or with a clock word.
    "the alarm is 0630, then coffee and the school run",
    "der Wecker? Alarm ist 0715, dann Frühstück",
    "the new alarm is 2500, pricey but the insurance wants it",
    "alarm model 4460, white, fits the hallway",
    "the alarm costs 4460, ouch",
    "la alarma es 0745 y luego desayuno",
    "Alarm 2024 eingebaut, und der Techniker kommt wieder",
    "the alarm is 5521 minutes late, said the app",
    # A combination lock with a count, a price, a year, its digits, or round combinations.
    "ein Zahlenschloss mit 10000 Kombinationen",
    "Zahlenschloss mit 4 Ziffern, 15 Euro im Baumarkt",
    "cijferslot, 2019 gekocht bij de Gamma",
    "combination lock with 3 dials, 12 euros",
    "cadenas à code, 12,99 € chez Leroy Merlin",
    # A barrier, a cabinet, a box with a number that is no code: a height, a model, a price, an order.
    "the car park barrier is 2.1 m high",
    "barrier model 5812 from the catalogue",
    "the cabinet cost 450 euros, 3 shelves",
    "boîte de 12 œufs, 3,50 €",
    "code de validation du billet : voir le guichet",
    # Something else that came with six digits, a round amount, a count, an order; a code's word after.
    "m'è arrivato 150000 di bonifico, che ci faccio?",
    "m'è arrivato il pacco 604417, che ci faccio con due?",
    "ha ricevuto il premio nel 2019",
    "ha ricevuto 2 messaggi e 6044 visite",
    # A clock, a review, a postcode, a car moved from a number to something else.
    "moving the alarm clock from 0630 to something later",
    "the code review went from 2019 to something else",
    "update the zip code from 10115 to something new",
    "we went from 1998 to something modern in the kitchen",
    # A door, a gate, a garage said to be a size, a price, a boarding time, an address, a model's year.
    "tell Tom the garage is 2500 a month",
    "tell him the door is 2032 mm wide",
    "tell her the safe is 1999 model",
    "tell him the gate is 1045, the train I mean",
    "text Mum the gate is 4471 Main Road",
    "the door is 1037 Elm Street, tell the driver",
    # An answer's question with an elided word that is no answer.
    "la question secrète : l'Appli me la redemande, pas de réponse",
    "question secrète oubliée, l'Agence m'a rappelé",
    # A thing with a code's word that opens nothing, an adjective between.
    "the door of the old shop with the code 8164 on the invoice",
]

# The nineteenth round's look-alikes: the same words and a value that is no secret.
LOOK_ALIKES_ROUND_19 = [
    # A network's name with its "is" elided onto it ("wifi's called"), the password only said to be somewhere.
    "the cafe's wifi's called BeanThere_5G, the password's on the till",
    "our network's called Vodafone-7QX2, the password is on the router",
    # A food bank's, a Caritas', a collection's account on a poster or a parish sheet, in five languages.
    "the food bank's account is GB33 BUKB 2020 1555 5555 55, it's on the poster in church",
    "la cuenta del banco de alimentos es ES91 2100 0418 4502 0005 1332, viene en la hoja parroquial",
    "le compte de la banque alimentaire : FR76 3000 6000 0112 3456 7890 189, sur l'affiche de la mairie",
    "o iban da recolha é PT50 0002 0123 1234 5678 9015 4, está no cartaz da junta",
    "l'iban della raccolta fondi è IT60 X054 2811 1010 0000 0123 456, è nei manifesti",
    "Caritas-Konto DE89 3704 0044 0532 0130 00 steht auf dem Plakat im Gemeindehaus",
    # A lower-case "tan" after a German article that is a sunburn: a year, weeks, a price.
    "die tan ist 2019 verblasst",
    "meine tan hält 3 Wochen",
    "eine tan von 1500 Euro im Solarium? nein",
    # Something that came, the participle without its d: a parcel, a bill, a postcode.
    "me ha llegao el paquete 318804",
    "me ha llegao la factura de 1200 euros",
    "me ha llegao el código postal 28013",
    # A locker, then its padlock with a year, a price, a count, a state.
    "locker 31, padlock 2020",
    "casier 12, cadenas à 9,99 €",
    "Spind 4, Zahlenschloss kaputt seit 2019",
    "taquilla 3, candado de 4 dígitos",
    # Number words joined by hyphens that are no code.
    "a one-two-three-four rhythm for the dance",
    "two-by-four timber for the shed, a one-off job",
    # A number no longer the old one that is no code: a bus, a zip code, a phone number, a code review.
    "the bus isn't 5521 anymore, the new one is 8830",
    "the zip code isn't 10115 anymore, the new one is 10117",
    "my phone number isn't 5521 anymore, the new one is 8830",
    "the code review isn't 5521 anymore, the new one is 8830",
    # A security question's words with a lower-case word that is no answer, or lower case said of another word.
    "security question first pet: any name, all lowercase is fine",
    "my first pet was a dog, write dog in lowercase",
    "security questions: first pet is the default, all lowercase",
]

# The twentieth round's look-alikes: the same words and a value that is no secret.
LOOK_ALIKES_ROUND_20 = [
    # An alarm that goes off at a time or since a year; something else that arrived with a number.
    "die Alarmanlage geht um 0630 los",
    "die Alarmanlage geht seit 2019 nicht mehr",
    "è arrivato il pacco 417248",
    "è arrivato il codice sconto 2024",
    "ha llegado el paquete 955802",
    # A first pet or a maiden name said as a fact, or a question with no answer.
    "my first pet was our dog Pepper, she lived to fifteen",
    "if the vet asks, our first pet was a cat called Tom",
    "the first pet question is silly, I never had one",
    "my mum's maiden name is Okafor, she kept it after the wedding",
    # A memorable word said of a speech or a toast, or how a memorable word is.
    "the most memorable word in the speech was freedom.",
    "a memorable word for the toast is cheers.",
    "the memorable word is forgotten, I need to reset it",
    "memorable word is required, at least six letters",
    "the memorable word is different for each account.",
    # Twelve ordinary words before a wallet's phrase named, or the phrase's rule.
    "I keep the paper in the safe behind the picture in the hall, that's the Ledger phrase sorted",
    "never type the words into any website, the wallet will never ask, that's the rule for a seed phrase",
    # A recovery key's ID, or groups of words after its name.
    "the recovery key ID is 8030EC3B-1A2B-4C5D-9E8F-1234567890AB",
    "recovery key format: THIS-ISAN-EXAM-PLEW-ORDS-LIST",
    # An account at a bank with an age, a state or an amount, no number.
    "my account at Costco is 10 years old",
    "my account at Chase is closed since 2019",
    "my account at Tesco Bank is 2 years old, 150 pounds in it",
    # A PIN's length or rule said with a digit.
    "die PIN ist 5-stellig",
    "the PIN is 4-digit, the bank says",
    "die PIN ist 6-stellig und beginnt nie mit 0",
    # A network's name, then its password said to be written somewhere, in its own sentence or after it.
    "It's SKYHUB-44T2, the password's on the back of the box, ask Gran",
    "It's PLUSNET_8XQ, the password is written under the router",
    "The network is called BT-Hub6-9KL; the password is on the sticker. It's BT-Hub6-9KL upstairs too",
    "Netz heißt Vodafone-C3F1, Passwort klebt am Router",
    "la red es MOVISTAR_9A2F, la clave está pegada debajo del router",
    "a rede é MEO-7B31C, a senha está na caixa",
    # A network named as a compound's last part ("Gäste-WLAN"), its password somewhere.
    "Das Büro-WLAN heißt FRITZ!Box 6660 KL, Passwort hängt an der Tür",
    "the guest-wifi is called Casa_Luz42, password at the bar",
    # A charity's account said to be theirs and on their site or leaflet.
    "ik maak elke maand wat over naar het Rode Kruis, hun rekening staat op de site: NL91 ABNA 0417 1643 00",
    "I send a bit to the hospice each month, their account is on the leaflet: GB82 WEST 1234 5698 7654 32",
    "je verse un peu aux Restos, leur RIB est sur le site : FR76 3000 6000 0112 3456 7890 189",
]

# The twenty-first round's shapes: how the twentieth part's owners, written plainly, say their secrets.
SHAPES_ROUND_21: dict[str, str] = {
    "an owner's IBAN on the owner's invoices, an amount beside it": (
        "my IBAN for the invoices is DE09 3705 0299 0004 4177 28, 450 € per job"
    ),
    "an owner's account on a bill, in Dutch": "mijn rekening NL28 RABO 0318 4522 97 staat op de factuur, 60 euro",
    "an owner's IBAN that clients pay for the bills, in French": (
        "pour les factures, les clients paient sur FR84 2004 1010 1205 8391 7204 213"
    ),
    "an Australian tax file number after its label": "TFN 315 926 532, for the new job",
    "an Australian Medicare card number, the holder's place after it": "medicare card 3608 83620 1, I'm 2 on it",
    "a Brazilian driving licence (CNH) number": "o número da CNH do meu pai é 73190528479",
    "a safe, where it is, and its code ending its clause": "the safe in the spare room is 60417, the deeds are in it",
    "a bike lock and its code alone": "bike lock 7263, it's the blue one by the gate",
    "a small key box where it is, in Spanish": "la cajita de llaves del piso de Marta es 5190",
    "a combination lock's new code said instead of the old": (
        "das Zahlenschloss am Schuppen ist jetzt 6102 statt 2016, sag's Oma"
    ),
    "a padlock now one code instead of another": "the padlock on the shed is now 7305 instead of 3057",
    "an Austrian ATM card's code after its name": "der Bankomatcode ist 8360, merk ihn dir",
    "an identity app's code after its name, in French": "code itsme 6 2 9 1 4",
    "an identity app's code after its name, in Italian": "codice posteid 802413",
    "a code a token gave, in pairs, in Spanish": "el token del banco me dio 31 86 20",
    "a phone's code said with a short word for it, in Spanish": "el código de mi cel es 284016",
    "an alarm, where it is in six words, and its code": "la alarma de la nave del polígono es 3817, la quito yo",
    "an alarm code like a clock time with minutes on no five": "die Alarmanlage ist 1738, dann das Licht",
    "a password of four digits right after its name, then a comma": "shop till password 5820, don't tell anyone",
    "a password of two capitalised words joined by a dot": "a senha do portal é Serra.Branca47",
    "the answer to a security question named, its topic between": (
        "the answer to the security question about my first car is Vauxhall"
    ),
    "the answer named before a security question quoted": (
        "the answer Tomás gave to 'what was the name of your first school?' is Belgrano"
    ),
}

# The twenty-first round's look-alikes: the same words and a value that is no secret.
LOOK_ALIKES_ROUND_21 = [
    # A payee's account that a bill or its letter shows, to be paid, in five languages.
    "the plumber's invoice says pay 240 pounds to Berg Heating Ltd, IBAN GB12 MIDL 4005 1571 9382 64",
    "Wassergeld 96 € an die Stadtwerke, IBAN DE09 3705 0299 0004 4177 28 steht auf der Rechnung",
    "huur van de garage 45 euro naar Woonstede, NL28 RABO 0318 4522 97, staat op de brief",
    "facture du syndic à payer sur FR84 2004 1010 1205 8391 7204 213 avant le 10",
    "la factura del gas se paga en ES79 2100 0813 6101 2345 6789, 38 euros",
    # A tax file or Medicare number whose check fails, a CNH that is a company's name.
    "TFN 315 926 533, for the new job",
    "medicare card 3608 83621 1, I'm 2 on it",
    "CNH Industrial sent order 73190528479 for the tractor parts",
    # A safe or a bike lock with a year, a round amount, a weight or a model.
    "the safe in the spare room is 2019, the deeds are in it",
    "the safe in the office is 1500, too pricey",
    "my bike lock is 1450 grams, heavy",
    "Safe 2000 is the model we have",
    # Times, counts and prices now instead of then.
    "the meeting is now 1430 instead of 1500",
    "we now have 1200 instead of 1100 followers",
    # Something that gave a number that is no code.
    "el banco me dio 100 euros",
    # A password's year, count or round number.
    "the wifi password 2019, changed since",
    "the password 5000, lol",
    "password 1234 is the most common",
    # An answer to a security question not given, or a form's question with no answer.
    "the answer to the security question is in the drawer",
    "the question 'what was your first pet called?' is Silly",
]

# The twenty-second round's shapes: how the twenty-first part's owners, written plainly, say their secrets.
SHAPES_ROUND_22: dict[str, str] = {
    "an NMC pin that is no register's PIN": "my NMC pin is 5190, the login one",
    "a private network's password beside its name, by a menu": (
        "mein WLAN Haus-Netz, PW brezel77 steht auf der Speisekarte vom Lieferdienst"
    ),
    "a padlock, where it is, and its code ending the line": "boathouse padlock 4917",
    "a padlock, then what it closes, in Dutch": "hangslot schuurtje 5831",
    "a safe where it is, a dial's three numbers, in German": "Tresor im Wohnmobil 27 08 51",
    "a key box where it is, digit by digit, in Italian": "cassetta chiavi del circolo 3 9 2 7",
    "a maiden name after a comma and 'its', for a bank": "the bank wants mums maiden name, its Oyelaran",
    "a question's topic, the word question, a dash and the answer": "first car question - Hillman Imp",
    "a favourite's question, then 'its' and a name of two words": "favourite singer question its Shirley Bassey",
    "a German bank's TAN glued to its procedure's name": "pushTAN gerade gekommen 551 730",
    "a TAN by its procedure's name, after an article": "die photoTAN ist 604172",
    "a code by SMS, what it is for, then a colon": "code reçu par sms pour valider le virement : 604 172",
    "a code by text to confirm something, in English": "code received by text to confirm the booking: 550 913",
    "a card reader's code, what it gave": "the card reader gave me 40917263",
    "a card reader's code in two groups, in German": "Kartenleser zeigt 3381 0927",
    "a bank's code device's code, in Dutch": "mijn digipass gaf 720 418",
    "six digits a text just brought from a bank": "a text just came through from lloyds 730 218",
    "a phone's unlock code, in Spanish": "desbloqueo del móvil 481920",
    "a card terminal's code, what it is for, in Spanish": "código del TPV para anulaciones 6152",
    "a card terminal's manager code, what it is for after it, in Dutch": "managercode pinautomaat 3390 voor retouren",
    "telephone banking's security code": "phone banking wants the security number, which is 50917",
    "a bank's electronic password of digits, in Portuguese": "senha eletrônica 61730482",
    "an e-mail address and a password of a name and a year, with 'and'": (
        "for the pharmacy site it's rhian.b@example.com and Porthcawl1962"
    ),
    "an e-mail address and a password side by side, in Spanish": "uber chofer memo.rdz@gmail.com Vocho1998gdl",
    "an alarm's code first, a dash, then whose alarm": "7316 - depot alarm, for both",
    "an alarm where it is, its code, then that it sets it, in Italian": (
        "allarme del negozio 3817, da disinserire la mattina"
    ),
    "Quebec's driving licence after 'permis'": "permis W4127-290791-03",
    "Quebec's health card by its name, four capitals and a birth date": "carte soleil BOUM 7104 2213",
    "a Brazilian RG with its state's letters": "RG SP-41.207.335",
    "a Brazilian RG with São Paulo's check digit": "meu rg é 24.317.506-1",
    "a Canadian account by its transit, institution and account numbers": (
        "for the payroll form: transit 10482 / institution 003 / folio 5093318"
    ),
}

# The twenty-second round's look-alikes: the same words and a value that is no secret.
LOOK_ALIKES_ROUND_22 = [
    # A nurse's PIN on the NMC's public register.
    "my NMC pin is 07C1185W, for the portal",
    # A public place's network and its password side by side, printed on its menu.
    "Bäckerei am Markt, WLAN Backstube-Gast, PW brezel77 steht auf der Speisekarte",
    "the hotel bar wifi BarNet-Guest, pw olive2023 is on the menu",
    # A church's account for its offerings, on its sheet.
    "l'iban della chiesa di San Rocco per le offerte è IT33 K030 6909 6061 0000 0063 517, sul foglietto",
    "the church's account for the Sunday offerings is ES60 0049 1500 0512 3456 7892, printed on the parish sheet",
    # A padlock's or a safe's model, price, year or round hundreds, or a number with words after it.
    "boathouse padlock model 4917",
    "hangslot garagebox 3500",
    "the padlock from the market 2021",
    "Tresor im Wohnmobil, Modell 4460",
    "the boathouse padlock 4917 from the hardware shop was cheap",
    # A question's topic with no answer after it: a mark, a page, a room, a lower-case remark.
    "first car question - 2 marks, in room 14",
    "favourite singer question is worth 10 points",
    "the maiden name question, its page 4",
    "first car question - no idea yet",
    # A TAN procedure's price or year, a purpose's count, a card reader's error, price or year, a text's year,
    # round amount, days or order number.
    "mobileTAN kostet seit 2024 nichts mehr",
    "code par sms pour valider la commande : 2 articles",
    "code received by text to confirm the booking: 2 guests",
    "the card reader gave an error 1105",
    "the card reader showed 12.50",
    "kaartlezer gaf 2 keer een fout",
    "the card reader says 2019 on the back",
    "text came from the council 2024",
    "a text came from the school 150 000 raised",
    "text just came from the garage 3 days ago",
    "a text came from the florist 123 456 order number",
    # A phone's unlock, a card terminal's or telephone banking's words with a time, a year, a price, round
    # hundreds, a count or a number with words after it.
    "sblocco telefono 24 ore su 24",
    "the card machine since 2021",
    "desbloqueo del móvil 1500",
    "sblocco telefono costa 30 euro",
    "código del TPV 6152 de la tienda",
    "telephone banking opens at 0800",
    "phone banking: the security number is on the card, 4 digits",
    # An e-mail address written to, then a room's, a flat's, an order's or a month's word and its number.
    "email me at dan.k@example.org and Room101",
    "write to rosa.m@example.com and quote Order2024",
    "my work email is dan.k@example.org, Flat12",
    "the club's address is info@club.org and March2024 is the deadline",
    "contact: sales@shop.com Suite2100",
    "the newsletter goes from info@club.org, since 2019",
    # An alarm clock's time, a year, round hundreds, a price's or a model's word before the number.
    "the alarm 0630, to set every day",
    "0630 - kitchen alarm",
    "2019 - new shop alarm.",
    "1500 - shop alarm",
    "allarme della chiesa 1995, da inserire nel bilancio",
    "the church alarm costs 3817, to set up next week",
    "the church alarm model 3817, to set by the fitter",
    # A building permit's number, a health card's renewal year, a price, a form's name and a year, a
    # building's round amount, a licence's shape with no birth date, an RG with a wrong check digit.
    "permis de construire 2024-0031",
    "carte soleil renouvelée en 2024",
    "carte soleil FORM 2024 1399",
    "le permis 12 coûte 1450",
    "rg do edifício 12.500.000",
    "permis B1234-999999-00",
    "meu rg é 24.317.506-7",
    # A transit's and an institution's numbers with a room's or a year, or with no account.
    "bus transit 10482, institution 003, room 5093318",
    "transit 10482 and institution 003 are on the cheque",
    "transit 10482, institution 003, account 2024",
]

# The twenty-third round's shapes: how the twenty-second part's owners, written plainly, say their secrets.
SHAPES_ROUND_23: dict[str, str] = {
    "a code with no code's word, then the star key": "for the lobby it's 3856 then star",
    "a code digit by digit with dashes, then the pound key": "crew room at the depot is 5-3-8-1 then the pound key",
    "a code by where it is, then the pound key": "gym side door, 6-0-4-1 then the pound key",
    "a code pressed, then the green button": "at the care home you press 7193 and the green button",
    "an alarm's code, then the hash key, in German": "Alarmanlage im Keller, 6630, dann Raute",
    "Ontario's health card by its name, its version's letters after it": "OHIP card for the clinic: 5183 402 774 HN",
    "a SIN in one run, said back after a comma": "Noor's SIN for the tax slip, it's 412903163",
    "a Social Security number dictated in words, said back after a comma": (
        "the bank needs Omar's social, it's four one two, five five, six zero one three"
    ),
    "Italy's licence further on in its sentence": "la patente è nel cassetto, il numero è MI4829163T",
    "France's licence after what it is for": "numéro de permis pour la location : 1207 3341 8865",
}

# The twenty-third round's look-alikes: the same words and a value that is no secret.
LOOK_ALIKES_ROUND_23 = [
    # A number dialled, a meeting's or a menu's, a year, round hundreds, a time or a price, or a key's word
    # that is no key.
    "dial 0345 2210 then hash for the menu",
    "the meeting ID is 4417 then hash",
    "the lobby was redone in 2019 then star ratings went up",
    "bake at 1800 then star anise on top",
    "room 4417 and the green button on the lift",
    "the order 2024, then the hash key",
    "it costs 3500 and the star",
    # An Ontario health number or a SIN with a wrong check digit, a phone's number, an order's number, a
    # building permit's year, a time, a case's number or a worker's extension.
    "OHIP number: 5183 402 775",
    "the OHIP office phone is 416 555 0142",
    "Noor's SIN for the tax slip, it's 412903164",
    "Noor's SIN card came, the order was 412903163",
    "la patente è scaduta, il numero di pratica è 2024/5512",
    "numéro de permis de construire pour la grange : 2024 0031 0007",
    "the permis de conduire exam, it's 1207 in the morning",
    "my social worker called, it's 412 55 6013 her extension",
]

# The twenty-fourth round's shapes: how the twenty-third part's owners, written plainly, say their secrets.
SHAPES_ROUND_24: dict[str, str] = {
    "an Aadhaar number after its name and whose it is": "Aadhaar card number of my son: 4748 3378 8762",
    "an Aadhaar number after its name, what it is for after it": "dad's aadhaar 7589 6935 0492, for the bank KYC",
    "a PAN after its name": "PAN is AFZPK7190K for the ITR",
    "South Africa's identity number as its book prints it": "South African ID 920611 9420 085",
    "South Africa's identity number in one run after 'ID no.'": "her ID no. is 0502039205187, for the clinic",
    "New Zealand's IRD number with dashes": "IRD no. 143-526-119 for the accountant",
    "a person's Mexican RFC after its name": "mi RFC es MELR920611H45, para las facturas",
    "a network's passphrase of words joined by hyphens": "our wifi at the cabin is otter-drinks-cold-tea",
    "a network's passphrase of words (German)": "das WLAN im Keller ist fuchs-trinkt-kaffee",
    "a network's passphrase after its place and a colon (French)": "wifi de la boulangerie: croissant-beurre-sale",
    "a network's passphrase, two words about a digit (Portuguese)": "wifi do escritório cafe3bolachas",
    "a network's passphrase, two words about a digit, no verb": "guest wifi pancakes7syrup",
    "a password of two words joined by an underscore (French)": "le mot de passe du wifi est lapin_bleu",
    "a mail's password of two words joined by a hyphen (Portuguese)": "a senha do email é sapato-velho",
    "a mail's password of two words joined by a hyphen (Italian)": "la password della posta è gatto-lunare",
    "a network's password of words joined by underscores (Dutch)": "wifi wachtwoord zolder_fiets_regen",
}

# The twenty-fourth round's look-alikes: the same words and a value that is no secret.
LOOK_ALIKES_ROUND_24 = [
    # A payee's account for a tax, dues, a fee, a subscription, or a business's rent or a firm's, to be paid.
    "the council tax goes to the borough, GB51 NWBK 5260 1815 9083 01",
    "Kita-Beitrag zahl ich an die Stadt auf DE33 6613 1860 9139 0996 03",
    "Ladenmiete geht an die Hausverwaltung, AT26 8426 8465 6321 2233",
    "contributie van de tennisclub overmaken naar NL43 RABO 0824 6281 94",
    "cotisation du club de judo à verser sur FR71 8219 9351 8190 9378 6579 754",
    "la cuota de la peña se paga en ES81 3231 9487 5749 1186 2527",
    "il canone del box si versa alla cooperativa su IT03 X601 8955 5979 7114 7104 974",
    "a renda da loja vai para a imobiliária, PT02 6507 5291 7034 2366 7127 6",
    # An Aadhaar, an IRD or a South African ID number with a wrong check digit, a helpline's or an office's
    # phone, a form's number, another ID's number, a company's RFC or an RFC with no date.
    "the Aadhaar helpline is 1947, open 9 to 5",
    "Aadhaar: 4748 3378 8763",
    "PAN card pending, form 49A sent",
    "ID number 9206119420086",
    "the meeting ID is 9206119420085",
    "IRD no. 143-526-118 for the accountant",
    "the IRD office phone is 0800 775 247",
    "RFC de la empresa: FLO980312KT4",
    "el RFC MELR921311H45 no cuadra",
    # A network or a password said to be a compound that is no passphrase: a state, a place, a name, a rule.
    "the wifi is up-and-running again since the router reset",
    "the wifi is a work-in-progress, the mesh is state-of-the-art",
    "wifi is slow-ish today, hit-and-miss upstairs",
    "the wifi password is on the fridge",
    "the wifi name is home-sweet-home",
    "wifi ssid: kitchen-table-net",
    "the wifi is called Home-Net-5G",
    "the password must be case-sensitive",
    "the password is auto-generated by the bank",
    "le wifi est au rez-de-chaussée",
    "das WLAN im Keller ist super-schnell",
    "la wifi es súper-rápida en la cocina",
    "the wifi is wpa2personal on the old router",
]

# The twenty-fifth round's shapes: how the twenty-fourth part's owners, written plainly, say their secrets.
SHAPES_ROUND_25: dict[str, str] = {
    "a card's PIN code before where it is written": "my PIN code 411038, behind the sticker",
    "a locker's PIN code before where the locker is": "locker PIN code 560217, near the gym",
    "a phone's PIN code after where its owner lives": "Ravi lives in Pune, his phone PIN code is 411038",
    "a card's number in fours split by dots": "ma Mastercard : 5398.1240.7765.2102",
    "a card's number in fours split by dots (German)": "Kreditkarte 4556.0193.8812.7433 für die Buchung",
    "a debit card's code after its scheme's name": "my Mastercard code is 2615",
    "a debit card's code after its scheme's name (Dutch)": "mijn bancontact code is 7731",
    "a debit card's code before its scheme's name (French)": "le code de ma Girocard est 4827",
    "a German health insurance number after its name": "meine Krankenversichertennummer: M527198304, Karte liegt oben",
    "a German health insurance number further on": "KVNR von Oma, falls die Praxis fragt, A123456780",
    "a SUS card's number as the card prints it": "cartão SUS do meu pai: 209 5837 4612 0006",
    "a SUS card's number in one run after CNS": "o CNS da minha filha é 898340715620001",
    "a Mexican IMSS number after its name": "mi NSS es 43103586129, para la clínica del IMSS",
    "a SARS income tax number after its name": "my SARS income tax number is 0238417562",
    "a SARS tax reference after its name": "SARS tax ref 3105928471 for the eFiling",
    "a medical aid number after its name": "medical aid no. 502193847 for the pharmacy",
    "a health card number after its name": "her health card number: 612403987",
    "a security question's own first, an arrow, a typed answer": "first album question → blink182 obviously",
    "a security question's own first, an equals sign, a name": "first gig question = Metallica",
    "a security question's topic, then what was put in": "favourite teacher question, I put Mr Van Wyk",
    "a question the bank asked about a street one grew up on, then what was typed": (
        "the bank asked what street I grew up on, I typed Kloof Street"
    ),
    "a question they asked, only security questions ask it, then what was put": (
        "they asked my mother's maiden name, I put Naidoo"
    ),
    "a security question said to be a nickname, its answer after a colon": (
        "my secret question is grandad's nickname: Bunny"
    ),
    "a security question said to be a nickname, in German, an article before the answer": (
        "meine Sicherheitsfrage ist der Spitzname von Opa: der Dicke"
    ),
    "a security question said to be a nickname, in Portuguese": "a pergunta secreta é o apelido do meu avô: o Tuca",
    "a combination's digits spaced as a dial's": "the tool chest combination is 5 1 9, spanners inside",
    "a combination's digits spaced, what it opens between (Spanish)": "combinación del baúl: 7 2 4",
    "a combination's digits spaced, what it opens between (German)": "die Kombination vom Koffer ist 4 0 9",
    "a key's letter pressed first, then the code": "key safe by the gate, press B first then 5524",
    "the hash key pressed first, then the code": "hit the hash key, then 4471.",
    "the star key pressed first, then the code (French)": "appuie sur étoile puis 6083",
    "an alarm's code, then its UNSET button": "the house alarm by the stairs, 5209 and UNSET",
    "an alarm's code, then its OFF button (French)": "l'alarme du garage, 8264 et OFF",
    "a room that locks, in two words, then its code": "the drug room code is 5820",
    "a room that locks, where it is, then its code": "server room code at work is 6142, don't share it",
    "a room that locks, its code after a colon": "the linen room code: 4093",
    "a Belgian health fund's member number after its name": "numéro de mutuelle : 162-5530921-07 pour la pharmacie",
    "a Belgian health fund's member number, the fund named (Dutch)": (
        "mijn lidnummer bij het ziekenfonds is 301-8841207-55"
    ),
    "a Belgian health fund's member number after 'affilié'": "Solidaris, numéro d'affilié 118-2290476-13",
}

# The twenty-fifth round's look-alikes: the same words and a value that is no secret.
LOOK_ALIKES_ROUND_25 = [
    # An Indian address: a place, its postal PIN code and a landmark after it.
    "Baner, pin code 411045 opposite the bus depot",
    "Koramangala pincode 560034, next to the Forum mall",
    "Salt Lake, PIN code 700091, behind the water tank",
    "Meena stays in Jayanagar, Bengaluru, pincode 560011.",
    "my uncle moved to Aluva, PIN code: 683101",
    # Numbers split by dots that are no card's: a wrong check digit, an amount, groups not in fours, a
    # company's number, an address on a network.
    "carte visa 4871.2774.6213.1783",
    "Betrag 1.234.567,00 überwiesen, Rest folgt",
    "build 5398.1240.776.52102 of the card reader",
    "Firmennummer 0412.345.678 auf der Rechnung",
    "la carta si configura su 192.168.1.1",
    # A card scheme's name beside a price, a year, a phone's number or a ticket's.
    "de Bancontact-terminal kost 2615 euro",
    "Bancontact since 2015, the shop takes it",
    "the Mastercard offer ends 2026",
    "Girocard seit 2019, Gebühr 1200",
    "mastercard hotline 0800 123 4567",
    "Payconiq by Bancontact, ticket 2615 at the desk",
    # Health insurance, tax and member numbers with a wrong check digit, a helpline's phone, a count, a
    # car's insurance policy, a tax number with no SARS named, a number's length.
    "Versichertennummer M527198305 ist falsch gedruckt",
    "die Versichertennummer steht auf der Karte, Hotline 0800 1234567",
    "cartão SUS 209 5837 4612 0007",
    "o SUS atendeu 120000 pessoas em 2023",
    "mi número del seguro del coche es 43103586129",
    "el IMSS atiende al 8006232323",
    "NSS del IMSS: 43103586128",
    "SARS tax number 0238417563, the old one",
    "the tax number is 0238417562 on the supplier's invoice",
    "the SARS contact centre is 0800007277",
    "medical aid number is on the card, call 0860100871",
    "the health card number has 10 digits",
    # A question's topic with no answer, a first that is no one's own, a band or a teacher in a memory, a
    # street one lives on now, what one said in talk, a quiz's question, a security question's topic with
    # nothing or no name after its colon.
    "first concert question → no idea yet",
    "first question → easy one, Paris",
    "first interview question → Tell me about yourself",
    "first aid question, I put Bandage",
    "my favourite band is Six60, saw them twice",
    "my favourite teacher was Mrs D'Souza, she taught maths",
    "they asked what street I live on now, I put Hoover Ave",
    "they asked where I grew up, I said Durban",
    "they asked what street I grew up on, I said I can't remember",
    "the quiz asked what street the Beatles grew up on, I put Penny Lane",
    "the pub quiz question was about a band's first concert, we put Oasis",
    "la pregunta secreta es el apodo de mi abuelo: no me acuerdo",
    "la pregunta secreta es fácil: Juan lo sabe",
    "the security question is the street I grew up on: remind me to change it",
    "Opa hatte den Spitznamen der Dicke, alle im Dorf nannten ihn so",
    # Digits spaced after a combination's word that are no lock's: a lottery's, a sum's, a count's, digits
    # with more words after them.
    "the winning combination is 3 8 6 in the lottery",
    "the lucky combination was 3 8 6, we lost anyway",
    "the combination of 3 8 and 6 gives 17",
    "combination 3 8 6 2 times in a row",
    "the combination is 3 8 6 in base ten",
    "combination therapy 3 times a day, 2 tablets",
    # A key pressed before a number that is no code: on a calculator, a year, round hundreds, a number to
    # call or with more words after it, a meeting's; an OFF button after a timer's time, where nothing that
    # locks is named.
    "on the calculator press C then 3817.",
    "press C then 2024.",
    "hit A then 2000.",
    "press star then 0800 to reach the desk",
    "press B then 4400 on the remote",
    "for the meeting press star then 4471",
    "the heating timer 0630 then OFF.",
    "the scores were 7319 and OFF we went",
    # A room known by its number: no word before "room" that makes it one that locks, or no code's word.
    "the room code is 2716 on the timetable",
    "meeting room code is 2716 in the booking system",
    "the escape room code was 2716, we got out in 40 minutes",
    "class room code 2716 for the quiz",
    "the server room is room 2716 on the second floor",
    # A health fund's refund, its phone, a club's member number, its bank account.
    "la mutuelle rembourse 141 euros par an",
    "numéro de mutuelle ? appelle le 02 246 41 11",
    "mijn lidnummer bij de tennisclub is 127-0483917-42",
    "de CM betaalt 127 euro terug",
    "rekeningnummer van de mutualiteit 001-2345678-90 voor de stortingen",
]

# The twenty-sixth round's shapes: how the twenty-fifth part's owners, written plainly, say their secrets.
SHAPES_ROUND_26: dict[str, str] = {
    "a Chilean RUN after its name": "RUN de mi mamá para la Fonasa: 12.345.678-5",
    "a Chilean RUT undotted after its name": "el rut de la Javiera es 9876543-3",
    "a Colombian person's NIT in one run": "mi NIT personal: 1020304050-8",
    "a Colombian person's NIT dotted": "NIT 79.845.123-1 para la cuenta de cobro",
    "a Singapore NRIC after its name": "NRIC T0123456G for the clinic form",
    "a Singapore FIN after its name": "her FIN is G1234567X, for the lease",
    "a Kenyan KRA PIN after its name": "my KRA PIN is A012345678Z",
    "a Mozambican NUIT in threes": "NUIT 400 123 454 para o banco",
    "a Mozambican NUIT in one run": "o meu nuit: 118234561",
    "a Philippine SSS number after its name": "my SSS number: 02-1234567-8 for the salary loan",
    "a PhilHealth number after its name": "PhilHealth ID 12-345678901-2, for the hospital",
    "a Philippine TIN with its branch code": "my TIN is 123-456-789-00000",
    "a Luxembourg matricule as the CNS card prints it": "le matricule de ma fille : 1975 0623 12365, pour la CNS",
    "a Luxembourg matricule in one run": "numéro d'identification national 1975062312365 sur le formulaire",
    "an Argentinian CBU in one run": "CBU de mi viejo para el alquiler: 0110123800001234567891",
    "an Argentinian CBU in its two blocks": "pasame el alquiler al CBU 01101238 00001234567891",
    "an Angolan IBAN in fours": "IBAN angolano da minha irmã: AO36 0040 0000 6729 5030 1010 2",
    "a Mozambican IBAN in one run": "paga-me para MZ14000100000011834110189, é a minha conta",
    "a Scottish CHI number as a birth date and four": "Mum's CHI no. 250781 1234 for the GP",
    "a Scottish CHI number further on": "the practice needs the CHI number: 090452 7719",
    "an Angolan identity card after BI": "o meu BI: 006123457HO039, para a matrícula",
    "a Mozambican identity card after its name": "bilhete de identidade nº 110203456789M, guarda bem",
    "an Italian health card's number further on": "la tessera sanitaria di papà, numero 80380000123456789014",
    "an Italian health card's number in fours": "tessera TEAM: 8038 0000 1234 5678 9014, per il viaggio",
    "a Portuguese health service user number in one run": "o meu número de utente: 123456789, para a receita",
    "a Portuguese health service user number in threes": "nº de utente 512 004 778, é da avó",
}

# The twenty-sixth round's look-alikes: the same words and a value that is no secret.
LOOK_ALIKES_ROUND_26 = [
    # Identity and tax numbers with a wrong check, a company's, an English run, a circuit's IC, a deadline, a
    # number's length.
    "RUN 12.345.678-6 está mal copiado",
    "la empresa, RUT 76.086.428-5, emite la factura",
    "I went for a run, 12.345.678-5 on the meter",
    "NIT 900.123.456-8 de la empresa de transporte",
    "NIT 1020304050-9 no coincide",
    "NRIC T0123456H was rejected",
    "the IC S8812345A on the circuit board",
    "the KRA PIN deadline is 30 June",
    "KRA office, P.O. Box 48240",
    "NUIT 400 123 455 está errado",
    "o NUIT tem 9 dígitos, 400123454 é o exemplo do formulário",
    # The Philippines' agencies with a phone, opening hours, a rate, a circular's number; a tin on a shelf.
    "SSS hotline 02-8920-6446, press 1",
    "the SSS branch opens 8-5 on weekdays",
    "PhilHealth contribution is 5% of 20000",
    "PhilHealth circular 2020-0022-1 on the website",
    "tin number 3 on the shelf, the tomatoes",
    "the TIN has 9 digits and a 3-digit branch code",
    # A matricule or a CBU with a wrong check or no date, a lorry's, an order's, a number's length.
    "matricule 1975 0623 12366 refusé par la caisse",
    "matricule 2001 0230 12345, la date n'existe pas",
    "le matricule du camion est 4471 2023 00012",
    "le numéro d'identification de la commande est 2024 0312 55501",
    "CBU 0110123800001234567892 no existe",
    "el CBU tiene 22 dígitos",
    # An Angolan or Mozambican IBAN with a wrong check, a flight's number.
    "AO37 0040 0000 6729 5030 1010 2 deu erro no banco",
    "MZ15000100000011834110189 está errado",
    "o voo AO36 sai às 10h, porta 4",
    # Six digits and four after a CHI or an NHS: a wrong check, no birth date before the four.
    "CHI number 250781 1235, the receptionist typed it wrong",
    "NHS 24 is open all night, 111 or 451381 1234",
    "the NHS number is 451381 1234 on the letter",
    # A BI that is a report or a printer's model, an identity card lost.
    "o relatório de BI 2024 tem 200 páginas",
    "o modelo BI 123456789 da impressora",
    "bilhete de identidade perdido, fui à polícia às 10h",
    # An Italian health card's wrong check digit, its expiry, its helpline.
    "tessera sanitaria 80380000123456789015, la farmacia dice che non va",
    "la tessera sanitaria scade nel 2029, costa 0 euro",
    "il numero verde della tessera sanitaria è 800030070",
    # A user number's length, a helpline after it, a count of users, an example of zeros.
    "o número de utente tem 9 dígitos",
    "número de utente? liga para o SNS 24, 808 24 24 24",
    "o centro de saúde atende 300 utentes por dia, 120 000 por ano",
    "número de utente 000 000 000 no exemplo",
]

# The twenty-seventh round's shapes: how the twenty-sixth part's owners, written plainly, say their secrets.
SHAPES_ROUND_27: dict[str, str] = {
    "a Ghanaian TIN after its name": "the GRA asked for my TIN: P0026173409, for the VAT form",
    "a Ghana card's PIN after its name": "my Ghana card number is GHA-002345678-1, for the bank",
    "a Ghana card's PIN in one run": "ghanacard GHA0023456781 for the SIM re-registration",
    "a Nigerian NIN after its name": "my NIN is 70123456789 for the SIM registration",
    "a Nigerian NIN joined in Pidgin": "her NIN na 12345678901, make you copy am",
    "a Nigerian BVN joined in Pidgin": "BVN na 22345678901, no share am",
    "a Nigerian BVN after its full name": "my bank verification number is 22109876543",
    "a Senegalese ECOWAS identity card": "carte d'identité CEDEAO : 2 045 1992 00317, pour la banque",
    "a Senegalese ECOWAS card after a comma": "ma carte biométrique CEDEAO, 1 204 1979 04561, garde-la",
    "a Pakistani CNIC after its name": "my CNIC is 42101-1234567-3 for the bank form",
    "a Pakistani NTN after its name": "his NTN 3456789-1 for the tax return",
    "a Malaysian IC number dashed": "my IC no. 900514-10-5523 for the insurance",
    "a Malaysian MyKad number in one run": "MyKad 021130011234 for the clinic",
    "a Malaysian NRIC further on": "Dad's NRIC is 750921-08-6611, for the Tabung Haji form",
    "a Malaysian income tax number": "income tax no SG 10234567080 for the e-filing",
    "a Malaysian EPF member number": "my EPF no. 21436587 for the withdrawal",
    "an Indian PM-JAY ID after its name": "Ayushman card ID 7PQ3K9T2M for the hospital",
    "a Peruvian DNI with its check digit": "el DNI de mi papá es 41627385-1, para el seguro",
    "a Peruvian DNI with its check letter": "DNI 07294316-C para la matrícula",
    "a Peruvian person's RUC": "mi RUC 10416273851 para la factura",
    "a Peruvian RUC further on": "RUC 10072943169 de mi mamá, para los recibos por honorarios",
    "a Uruguayan cédula after its name": "mi cédula: 4.123.456-3, para el BPS",
    "a Uruguayan CI after its initials": "C.I. 1.875.302-9 de mi hermano, para la mutualista",
    "a Cuban identity number after its name": "carnet de identidad: 45031209876, el de mi abuela",
    "a Cuban identity number after carné": "carné de identidad 02112367453, para la bodega",
    "a Jamaican TRN after its name": "my TRN is 123-456-789 for the tax office",
    "a Jamaican TRN joined in Patois": "im TRN a 109 876 543, fi di bank",
    "a mobile money wallet's PIN after its name": "my orange money code is 5817, don't tell Awa",
    "a wallet's MPIN after its name": "jazzcash mpin: 40731",
    "an MPIN by its name alone": "my MPIN 61524 for the app",
    "a payment app's PIN after its name": "twint 730142, in case you need to pay the plumber",
    "a card's code by where it is printed, in Portuguese": "o código atrás é 907",
    "a card's code by where it is printed, in French": "le code au dos : 318, pour la commande",
    "a card's code by where it is printed, in Italian": "il codice sul retro è 552",
    "a CVV joined in Pidgin": "cvv na 904",
    "a noted question, its answer, what one put": "first teacher... Moreau, that's what I put",
    "a noted street, its answer, in Spanish": "street where I grew up: Calle Ancha, eso puse",
    "a noted school, its answer, in German": "erste Schule? Lindenschule. so hab ich's eingegeben",
    "a noted street, its answer, in Italian": "nome della via dell'infanzia = Garibaldi, è la risposta",
    "a noted neighbourhood, its answer, in Portuguese": "bairro de infância: Boa Vista, foi o que eu pus",
    "a noted neighbourhood, its answer, in Dutch": "wijk van mijn jeugd: Kralingen, dat heb ik ingevuld",
    "a pet's name asked and answered": "pet's name? Nala, our old tabby",
    "a first pet asked and answered, in Spanish": "primera mascota? Canela.",
    "a maiden name asked and answered, in Dutch": "meisjesnaam? Peeters, voor de bank",
    "a security question's answer explained after a comma": "security question: Biscuit, my first dog",
    "a security question's answer explained, in Italian": "domanda di sicurezza: Pippo, il mio criceto",
    "a topic as the security question, its answer": "Lieblingsessen als Sicherheitsfrage: Spätzle",
    "a topic as the security question, in French": "premier concert comme question secrète : Indochine",
    "a Nigerian NUBAN after its bank's name": "send it to my Zenith, 1012345671, for the rent",
    "a Nigerian NUBAN after a bank's initials": "UBA, 2045612374, Adaeze Okafor",
    "a Nigerian NUBAN after First Bank": "first bank 3019283743, Tunde's",
    "a Nigerian NUBAN after GTBank": "GTBank 0123456785, na my salary account",
    "a Brazilian savings account after its name": "agência 1234, poupança 0045678-9 da minha mãe",
    "a Bancontact card's seventeen digits": "minha bancontact: 6703 1234 5678 9012 1",
    "an alarm's code no clock shows, then what to do": "shop alarm 2971 after you lock the till",
    "an alarm's code no clock shows, in German": "Alarm 4388 bevor du gehst",
    "a storage lock's code with a verb": "the storage lock is 0415",
    "a gym lock's code with a verb": "my gym lock is 382, the locker by the sauna",
    "a luggage lock's code with a verb": "luggage lock is 906",
    "a first animal asked and answered, in Italian": "il primo cane? Argo, un pastore",
    "a first dog asked and answered": "first dog? Rex, a collie",
    "a first animal asked and answered, in Portuguese": "o primeiro cão? Bolinha.",
    "where a parent was born, asked and answered": "where my mum was born? Tralee, they always ask",
    "where a parent was born, in Portuguese": "onde a mãe nasceu? Maringá",
    "an account after its bank's initials, in French": "compte BICIS 251003456789, pour le loyer",
    "a savings account after its name, in Spanish": "caja de ahorros 004567812-00003, la del sueldo",
    "an account after its bank's initials, in German": "Konto DKB 84736251 für die Miete",
    "a maiden name as a form's line": "mother's maiden name: Kowalczyk",
    "a mother's maiden name as a form's line, in German": "Mädchenname Mutter: Hoffmann",
    "the street one grew up on as a form's line": "street we grew up on: Mill Lane",
    "a parent's birthplace as a form's line": "dad's birthplace: Tralee",
    "a primary school as a form's line, in Spanish": "escuela primaria: Colegio San José",
    "a primary school as a form's line, in German": "grundschule: Astrid Lindgren Schule",
}

# The twenty-seventh round's look-alikes: the same words and a value that is no secret.
LOOK_ALIKES_ROUND_27 = [
    # A Ghanaian TIN with a wrong check; the tax office's hours, a card's price.
    "TIN P0026173408 was rejected by the GRA",
    "the GRA office closes at 4 on Fridays",
    "the Ghana card costs 31 cedis to replace",
    # A NIN's length, an enrolment's hours, a helpline, a BVN that is none (not from 22).
    "the NIN has 11 digits, the NIMC says",
    "NIN enrolment opens 8am, queue by 6",
    "the BVN helpline is 0700-2255-286",
    "BVN 12345678901 is what the scam text said, ignore it",
    # An ECOWAS card's photos and fee, a CNIC's renewal fee, an NTN certificate's year.
    "carte CEDEAO : il faut 2 photos et 5000 francs",
    "the CNIC renewal fee is 750 rupees, 2 weeks",
    "NTN certificate 2023-4 from the FBR",
    # A Malaysian IC number with no date or no birth place, a circuit's IC, an EPF rate, a tax number with no SG.
    "IC number 991340-10-1234, the date cannot be right",
    "IC 900514-00-5523 in the example, 00 is no state",
    "the IC 7805 on the circuit board",
    "EPF rate is 11% of 5000",
    "tax no. 10234567080 in the ledger",
    "the PMJAY scheme covers 500000 rupees a year",
    # A Peruvian DNI or a Uruguayan cédula with a wrong check, a company's RUC, a RUC's length, a cédula's price.
    "DNI 41627385-2 no coincide",
    "RUC 20416273856 de la empresa, en la factura",
    "el RUC tiene 11 dígitos",
    "cédula 4.123.456-4, mal copiada",
    "la cédula cuesta 500 pesos y tarda 2 días",
    # A Cuban identity number with no date; a company's TRN, the tax office's hours.
    "el carnet 99999999999 del ejemplo",
    "TRN 012-345-678 of the company, on every invoice",
    "the TRN office on Constant Spring Road opens 8:30",
    # A wallet with an amount, a round sum, a year, a phone's or an agent's number after its name.
    "orange money 8350 FCFA pour la tontine",
    "sent 2500 via twint",
    "twint 2500 for the dinner",
    "wave 2024 is when they came to town",
    "mpesa 0712 345 678 is the till",
    "send it to my orange money, 77 123 45 67",
    "MTN momo agent 5817 on the corner",
    # A code's length on a card's back, a CVV said in words, numbers on a jersey's back.
    "the code on the back has 3 digits",
    "o código atrás tem 3 números",
    "cvv na three digits at the back",
    "the jersey numbers on the back are 23 and 7",
    # A first of one's life told as a fact, a question with no answer, an answer with no word of putting it in,
    # a security question's answer that is a day.
    "first school: St Anne's, loved it there",
    "first car? Fiat, a red one",
    "first job? McDonald's, like everyone",
    "first pet? a hamster, he lived two years",
    "my first pet? No idea, I was tiny",
    "first teacher... Moreau, she was strict",
    "barrio de la infancia: Pocitos, qué lindo era",
    "security question: Monday, my least favourite day to call them",
    "the security question as usual: Annoying",
    "pet's name? Ask my sister, she remembers",
    # A NUBAN with a wrong check, a bank's phone or branch code, a savings rate or a year, a Bancontact number
    # with a wrong check.
    "send it to my Zenith, 1012345672, for the rent",
    "UBA customer care 0700 225 5822",
    "GTBank branch code 058152052",
    "first bank hotline 0700 3477 8668 24",
    "the poupança pays 0.5% a month",
    "poupança 2024-5 no extrato",
    "bancontact 6703 1234 5678 9012 2 was declined",
    # An alarm clock's time, a year, round hundreds; a lock that is broken or approved; a first animal or a
    # parent's birthplace with no name after it; where one was born oneself; a first car.
    "alarm 0630 before work",
    "alarm 0745 then coffee",
    "the alarm 1975 before the renovation",
    "alarm 2500 before tax, the quote says",
    "the gym lock is broken again",
    "luggage lock is TSA approved",
    "first dog? a collie, we got him at 5",
    "where my mum was born? no idea, somewhere in Kerry",
    "where I was born? Tralee, a lovely town",
    "first car? Corsa, a 1998 one",
    # An account's identifier, a currency's initials, an account closed in a year, a savings account's balance.
    "account ID 12345678 for the forum",
    "compte USD 100000 de la société",
    "compte CBAO fermé depuis 2019",
    "caja de ahorro con 25 000 pesos",
    # Such a question's answer with more after it, where one was born oneself, no answer, a school in lower case.
    "mother's maiden name: Kowalczyk, she kept it for work",
    "street we grew up on: Mill Lane, all flats now",
    "primary school: St Anne's, loved it there",
    "birthplace: Tralee",
    "dad's birthplace: no idea",
    "escuela primaria: la del barrio",
]

# The twenty-eighth round's shapes.
SHAPES_ROUND_28: dict[str, str] = {
    "a Mexican NIP after its name": "el NIP de mi tarjeta es 7391, no se lo digas a nadie",
    "a Quebec NIP of six digits": "mon NIP pour la caisse: 582914",
    "ten digits after 'NIP' that fail the Polish check": "NIP firmy: 526-000-12-47",
    "a tablet unlocked, the verb first": "I unlock my tablet with 583016 - the kids know it",
    "a tablet that unlocks, in Italian": "il tablet si sblocca con 270483",
    "a laptop that unlocks, in Portuguese": "o portátil desbloqueia com 8841",
    "a tablet that unlocks, in French": "la tablette se déverrouille avec 4092",
    "a roller shutter that goes up with its code": "the garage shutter goes up with 7315",
    "a code punched to get in, after what it opens": "the shed at the allotment, punch 3947 to get in",
    "a code keyed in at a panel": "if the gate panel asks, just key 6621",
    "a code and the star key after a door": "side door of the warehouse, 2754 star",
    "a safe that opens, said of it after a comma": "o cofre do escritório, abre com 6619",
    "a maiden name and what they want": "for dad's maiden name they want Oyelaran",
    "a first pet and what one put": "as my first pet I put Biscuit",
    "a childhood nickname as the question, in French": "la question c'était le surnom de mon enfance, j'ai mis Titou",
    "a first animal and what one put, in Italian": "come primo animale d'infanzia ho messo Fufi",
    "a security question and what the form shows": "Sicherheitsfrage Name der ersten Schule, da steht Lindenschule",
    "a school question and what one put": "for the what primary school question I put Hillcrest",
    "an Israeli ID after what it is for and a colon": "Noa's teudat zehut for the passport form: 301234563",
    "a Danish CPR after what it is for and a colon": "Mikkels CPR für den Zahnarzt: 140392-1187",
    "a Turkish identity number after 'tc number'": "Ayşe's tc number 10000000146 for the bank",
    "a Norwegian account after its bank's initials": "kontonummer DNB 1503.12.34503, til husleia",
    "a Norwegian account further on in its sentence": "min konto i Sparebank er 1503 12 34503, for lønna",
    "a Timor-Leste IBAN": "a minha conta: TL38 0080 0123 4567 8910 157, para a renda",
    "a recovery code as a service gave it": "Instagram gave me recovery code 40721953, keep it",
    "a recovery code given, in French": "Google m'a donné le code de secours 83920174",
    "a recovery code given, in Spanish": "me dio el código de recuperación 5520 9184",
    "a Smart-ID's second PIN": "my Smart-ID PIN2 is 40917, for signing",
}

# The twenty-eighth round's look-alikes: the same words and a value that is no secret.
LOOK_ALIKES_ROUND_28 = [
    # A Polish firm's tax number (NIP), printed on its invoices, in its groups or in one run.
    "NIP der Firma: 526-025-09-95, steht auf jeder Rechnung",
    "the supplier's NIP is 123-456-32-18, for the invoice",
    "NIP 5260250995 na fakturze",
    "nip du fournisseur polonais: 123-45-63-218",
    "Invoices go to Drukarnia Opole, NIP PL 779-243-18-24",
    # Unlocked by no number, a key's count, a rent that goes up in a year, a star rating, a room's key, holes.
    "I unlock my phone with Face ID, no code",
    "I unlock my bike with 2 keys",
    "the garage rent goes up with 2026",
    "the back door of the 1950 star cinema",
    "the back door, 1000 star reviews on the app",
    "the room key 1209 is at the desk",
    "the hotel room, just key 1209 at reception",
    "punch 2 holes in the card",
    # An address's or a form's other field, a quiz's question, no answer, a first that is no one's own.
    "for the street I put Main Street",
    "for the city I put Leeds, then the postcode",
    "for the school I put St Anne's",
    "la question c'était la ville, j'ai mis Lyon",
    "come primo giorno ho messo Lunedì",
    "Sicherheitsfrage Geburtsort, da steht nichts",
    "for the first aid question I put Bandage",
    # A wrong check digit, a count after what it is for, a date that is none.
    "Noa's teudat zehut for the passport form: 301234564",
    "CPR für die Schule: 2 Kopien mitbringen",
    "Mikkels CPR für den Zahnarzt: 320392-1187",
    "tc number 10000000147 was rejected",
    # A wrong check, a date's shape, a flight's number.
    "kontonummer 1503.12.34504 stemmer ikke",
    "account 2024.03.15 statement",
    "TL38 0080 0123 4567 8910 158 deu erro no banco",
    "o voo TL38 sai às 10h",
    # Instructions or a time after a code's name, a PIN's length or its tries.
    "they gave me backup code instructions",
    "the app gave me a recovery code 12 hours ago",
    "PIN2 has 5 digits",
    "PIN2 blocked after 3 tries",
]

# The twenty-ninth round's shapes.
SHAPES_ROUND_29: dict[str, str] = {
    "a topic, a dash and its answer": "Sicherheitsfrage erster Lehrer - Brandstetter (streng war er)",
    "a security question's topic, a colon and its answer": "pregunta de seguridad nombre del abuelo: Anselmo",
    "a security question about a grandmother, in English": "security question grandma's first name: Philippa",
    "a first pet's answer said to be it": "first pet answer is Rufus",
    "a maiden name's answer after a colon": "maiden name answer: Okafor",
    "a first of one's own noted with an equals sign": "first street = Birchwood",
    "a first pony noted with an equals sign, in German": "erstes Pony = Flocke",
}

# The twenty-ninth round's look-alikes: the same words and a value that is no secret.
LOOK_ALIKES_ROUND_29 = [
    # A topic that is none or words after the name, no answer, a first that is a plan's or a name's.
    "security question grandma: Rose knows it",
    "security question thing: Monday again, sigh",
    "pregunta de seguridad nombre de la abuela: no me acuerdo",
    "the first pet answer is on a post-it",
    "first stop = Paris",
    "first name = Anna",
    "first day = Monday",
    "first prize = Anna",
]

# The forty-sixth round's shapes, each in words of its own (not the part's).
SHAPES_ROUND_46: dict[str, str] = {
    "a password of two names joined by an at sign": "the council portal password Mwende@Kitengela",
    "a confirmation code spelt with ae, in two groups": "Ihr Bestaetigungscode lautet 447 120, bitte nicht weitergeben",
    "an authorisation code, as an Italian bank's message words it": (
        "il codice di autorizzazione è 551907, non comunicarlo"
    ),
    "a code's word, how it came and what for, then the code": (
        "il codice SMS per autorizzare il pagamento è 660214. Non comunicarlo a nessuno"
    ),
    "a security question quoted, then its answer's word and a typed answer": (
        "security question 'what was the rink called', answer arena77"
    ),
    "a security question, then its answer in lower case as typed": (
        "e-transfer question is the usual one and the answer is biscuit all lowercase"
    ),
    "an ID card that has the number": "mein Ausweis hat die Nummer T22000129",
    "a keypad's letter first, then the digits, where an alarm is named": "alarm shed: first B, then 4817",
    "a lock named first, where it is, a colon and the dial's pairs": "cofre da loja ao fundo do corredor: 23 07 61",
}

# The forty-sixth round's look-alikes: the same words and a value that is no secret.
LOOK_ALIKES_ROUND_46 = [
    # An at sign in lower-case words near a password's word.
    "I keep forgetting the password, lunch@noon today",
    # A charity's or a church's EIN, printed for its donors; "first ..., then" with no lock.
    "Our EIN is on every donation receipt, 58-1093327",
    "Church EIN 58-1093327 is printed on every giving statement.",
    "first A, then 3062 points in the quiz",
    # A lock's line with a year or a price after the colon; an answer that is none.
    "the safe we bought at the sale: 2019",
    "security question set up, answer I forgot",
    "the security question thing is annoying, the answer is always in my notebook",
    # A verb of having joins a label to its number only before a number's word: money in an account is no number.
    "my savings account has 250000 euros in it",
    "mein Konto hat 250000 Euro drauf",
    "la cuenta tiene 350000 pesos desde enero",
]

# The forty-seventh round's shapes, each in words of its own (not the part's).
SHAPES_ROUND_47: dict[str, str] = {
    "an owner's account the guests pay a fee into": (
        "Gäste überweisen die Kursgebühr bitte auf DE89 3704 0044 0532 0130 00"
    ),
    "a key box as Austrian German diminishes it": "Schlüsselkastl beim Stadl: 5820",
    "a digit first, then the digits, then the key, where an alarm is named": (
        "alarm cafe: first the 4, then 1990, then hash"
    ),
    "a security question's topic, a full stop and what one answered": (
        "security question: grandfather's first name. I answered Cornelius"
    ),
    "a school's letters before its place, as a security question's answer": (
        "pregunta secreta: escuela → CP de Tlaxcala"
    ),
    "a PIN for a service, a colon after what it is for, then a typed PIN": "PIN INPS di papà per il 730: 7QK2M9XZ",
    "a card's PIN said to be a year of the owner's life, then the year": "my card PIN is the year we married, 2003",
    "an RG with two digits after its dash and the body that issued it": "RG 31.558.204-17, emitido pela SSP-BA",
    "a Moroccan CIN in its full shape further on in its sentence": "la CIN de mon frère pour le dossier : HK204815",
}

# The forty-seventh round's look-alikes: the same words and a value that is no secret.
LOOK_ALIKES_ROUND_47 = [
    # An American provider's NPI, public on the federal registry; a number a PIN rule forbids.
    "my NPI is 1234567893, it's on the public registry anyway",
    "the new door badge PIN rules: no more birthdays or 1234 allowed",
    # A year said with a key after it where nothing locks; a year said bare after a code's word.
    "first the 6, then 1989, the year we moved into the house with the alarm",
    "the code is the year the club was founded, 1894, on every badge",
]

# The forty-eighth round's shapes, each in words of its own (not the part's).
SHAPES_ROUND_48: dict[str, str] = {
    "a security question asked, a full stop, and the lower-case word one put": (
        "that security question what was your first dog. i put biscuit, all lowercase"
    ),
    "a code said to have come through, then six digits": "the ATO code just came through, 417 902, quick",
    "a bank that sent six digits to type within minutes": "Belfius stuurde 804215, binnen 3 minuten invullen",
    "a code first, a dash, then that it is the code of what it opens": "5528 - that's the code for the key safe",
}

# The forty-eighth round's look-alikes: the same words and a value that is no secret.
LOOK_ALIKES_ROUND_48 = [
    # A mobile wallet's account that is its phone number, which every sender types.
    "customers pay into my jazzcash account, it's just my number 0321 555 0192",
    "Send the deposit to her GCash mobile account 0917 555 2876.",
    # the same with the wallets the round named that the shared list of wallets lacked (Nequi, Daviplata, Tigo Money)
    "the tenants pay into my Nequi account, it is just my number 0321 555 0192",
    "send it to my tigo money account 0712 555 8760",
    # An order's code that came in; a number that is no code before a dash; a count sent.
    "my order code came in: 482 913 and shipping is free",
    "2024 - that's the code for the new course at the college",
    "the supplier sent 482913 units in 5 minutes flat",
]

# Split between text and quote: the text names the code, the quote gives its digits alone.
SPLIT_ROUND_15 = [
    ("Mum's six-digit passcode for telephone banking.", "the bank always asks for it, 736205"),
    ("Noted the 4-digit PIN for Dad's phone banking.", "it's 8316, he said"),
]
SPLIT_LOOK_ALIKES_ROUND_15 = [
    ("Asked about the six-digit passcode rules.", "they said 482913 is too easy"),
    ("Phone banking passcode reset booked.", "the helpline is 0345 300 0000"),
    ("The bank wants a six-digit passcode for telephone banking.", "my order number is 614092"),
    ("Set up the six-digit passcode for phone banking.", "by the 14th, 150325 at the latest"),
]


# Split between text and quote, the quote's digits said in words, spaced or joined by hyphens.
SPLIT_ROUND_19 = [
    ("Rosa dictó el código de la puerta.", "puerta nueve cero tres tres"),
    ("Nadia dictated the shed padlock code.", "shed padlock two-nine-four-seven"),
    ("Heinz hat den Code vom Tor diktiert.", "Tor vier-acht-null-zwei"),
    ("Marco ha dettato il codice del box.", "box sei-due-otto-uno-cinque"),
]
SPLIT_LOOK_ALIKES_ROUND_19 = [
    ("Nadia dictated the shed padlock code.", "the shed is two-by-four timber, a one-off job"),
    ("Lotte dictó el código del portal.", "vienen a las siete, uno o dos"),
    ("Ana explained the alarm code rules.", "it beeps four-five times, then stops"),
    ("Marco ha dettato il codice del box.", "il box è al piano meno due, posto ventitré"),
]


def test_a_network_named_apart_from_its_password_is_stored_and_the_password_after_it_refused() -> None:
    """A network's name given with "is" and then "and" and the password's name is the network's, in the
    text, the quote, or across the two; a value after the password's name is still the password."""
    text = 'La red del taller se llama "Taller_Norte5G" y la clave está en la caja.'
    assert proposal_secret_kind(text, "la red es Taller_Norte5G y la clave en un papel") is None
    assert proposal_secret_kind(text, "la red es Taller_Norte5G y la clave es Caja!7731") is not None
    assert proposal_secret_kind("the wifi is CasaVerde_5G and the password is Sunny2024!", "x") is not None
    assert proposal_secret_kind("wifi password: Harbor2291 and the router is upstairs", "x") is not None


def test_a_network_named_with_an_elided_is_and_a_password_after_it_is_refused() -> None:
    """A network's name after "wifi's called" is the network's; a password's value after it is refused."""
    assert proposal_secret_kind("x", "our wifi's called BeanThere_5G, the password's Harbor2291!") is not None
    assert proposal_secret_kind("x", "the wifi's called Casa_5G, password Sunny2024!") is not None
    assert proposal_secret_kind("x", "our wifi's called Casa_5G, the key is Sunny2024!") is not None


def test_an_owners_account_beside_a_poster_or_a_food_bank_alone_is_refused() -> None:
    """Only a food bank's or a collection's account that is also on a poster or a parish sheet is theirs:
    either word alone leaves an owner's account refused."""
    assert proposal_secret_kind("x", "o meu iban é PT50 0002 0123 1234 5678 9015 4, vi um cartaz") == "iban"
    assert proposal_secret_kind("x", "my IBAN FR76 3000 6000 0112 3456 7890 189, I give to the food bank") == "iban"
    assert proposal_secret_kind("x", "mi cuenta ES91 2100 0418 4502 0005 1332, ayudo a Cáritas") == "iban"


def test_a_password_said_to_be_written_somewhere_with_its_value_after_it_is_refused() -> None:
    """A password said to be on the router or the fridge gives no value before it; one after it in the same
    sentence, or a password named elsewhere with its value, is still refused."""
    assert proposal_secret_kind("x", "the password's on the back of the router: Harbor2291!") is not None
    assert proposal_secret_kind("x", "Passwort hängt am Spiegel, es ist Sonne!2291") is not None
    assert proposal_secret_kind("x", "It's Harbor2291, the password is in capitals") is not None
    assert proposal_secret_kind("x", "It's Harbor2291, the password's no longer Casa2020") is not None
    assert proposal_secret_kind("x", "my password is Harbor2291, the old one is on a post-it") is not None


def test_an_owners_account_on_a_website_or_an_account_of_theirs_unpublished_is_refused() -> None:
    """Only an account said to be someone else's and published is theirs: an owner's on a website, or
    theirs given without saying where it is printed, stays refused."""
    assert proposal_secret_kind("x", "my account is on the website now: NL91 ABNA 0417 1643 00") == "iban"
    assert proposal_secret_kind("x", "hun rekening is NL91 ABNA 0417 1643 00, ik betaal de huur") == "iban"
    assert proposal_secret_kind("x", "mijn rekening NL91 ABNA 0417 1643 00, hun site is stuk") == "iban"


def test_an_account_a_charge_is_taken_from_or_a_homes_rent_paid_to_is_refused() -> None:
    """A charge paid to a payee's account is stored; the same charge taken from the owner's account, paid to
    the owner, or a home's rent paid to a person, is refused."""
    assert proposal_secret_kind("the service charge goes to the council, GB51 NWBK 5260 1815 9083 01", "") is None
    for sentence in (
        "the insurance comes out of GB51 NWBK 5260 1815 9083 01",
        "rent goes to my landlord Pieter, NL43 RABO 0824 6281 94",
        "the tenants pay the service charge into NL43 RABO 0824 6281 94",
        "la cuota del gimnasio la pago desde ES81 3231 9487 5749 1186 2527",
        "Beitrag wird von DE33 6613 1860 9139 0996 03 abgebucht",
        "le loyer va sur FR71 8219 9351 8190 9378 6579 754, c'est le compte de ma propriétaire",
    ):
        assert proposal_secret_kind(sentence, sentence) == "iban", sentence


def test_an_owners_account_said_not_to_be_public_is_refused() -> None:
    """Only an account said to be a public one is a charity's; one said not to be stays the owner's."""
    quote = "Mijn rekening is NL91 ABNA 0417 1643 00, doneren mag, maar het is geen openbare rekening"
    assert proposal_secret_kind("Rekening van de eigenaar.", quote) == "iban"
    assert proposal_secret_kind("Konto", "nicht öffentliches Konto, Spenden: DE89 3704 0044 0532 0130 00") == "iban"


def test_a_code_named_after_a_no_with_its_value_right_after_it_is_refused() -> None:
    """Only a code's name said to be absent with a word after it names no code: a value right after it, or
    another name of the code with its value, is still refused."""
    assert proposal_secret_kind("x", "garage door: not the code 4471 now, changed it") is not None
    assert proposal_secret_kind("x", "the shed's padlock, not the combination 12-34-56 any more") is not None
    assert proposal_secret_kind("x", "no combination lock, the door code is 4821") is not None
    assert proposal_secret_kind("x", "kein Zahlenschloss, der Code für die Tür ist 4821") is not None
    assert proposal_secret_kind("x", "No, the code for the garage is 4821") is not None


def test_an_account_in_a_newsletter_or_on_display_without_gifts_is_refused() -> None:
    """A newsletter, a notice or a tract is not enough: the account must also be for gifts or a collection."""
    assert proposal_secret_kind("x", "put my account in the newsletter, sort code 40-12-76 account 29370337") == (
        "bank-account-number"
    )
    assert proposal_secret_kind("x", "mon RIB affiché dans le bureau : FR76 3000 6000 0112 3456 7890 189") == "iban"
    assert proposal_secret_kind("x", "mets mon IBAN sur le tract, FR76 3000 6000 0112 3456 7890 189") == "iban"


@pytest.mark.parametrize(("text", "quote"), SPLIT_ROUND_15)
def test_a_phone_bankings_code_named_in_the_text_and_given_in_the_quote_is_refused(text: str, quote: str) -> None:
    """A phone that names a bank's service by telephone is no phone number, and a code's length said
    before its name describes the code."""
    assert proposal_secret_kind(text, quote) in {"pin-code", "code-nearby"}
    assert proposal_secret_kind(text, "the owner said so") is None


@pytest.mark.parametrize(("text", "quote"), SPLIT_ROUND_19)
def test_a_code_named_in_the_text_and_dictated_in_words_in_the_quote_is_refused(text: str, quote: str) -> None:
    """The quote's digits said in words are read as digits against the code the text names."""
    assert proposal_secret_kind(text, quote) in {"pin-code", "code-nearby"}
    assert proposal_secret_kind(text, "the owner said so") is None


def test_a_password_named_again_in_the_quote_is_read_from_the_quote() -> None:
    """A password the text says someone set on their own gives no value; one the quote gives alone is
    still the password, unless the quote names it again and says the value is something else."""
    text = "Her daughter set her own password."
    assert proposal_secret_kind(text, "it's Pony2014!") == "password-nearby"
    assert proposal_secret_kind(text, "Pony2014!") == "password-nearby"
    assert proposal_secret_kind(text, "home wifi: Pony2014, she changed the password herself") is None


@pytest.mark.parametrize(("text", "quote"), [*SPLIT_LOOK_ALIKES_ROUND_15, *SPLIT_LOOK_ALIKES_ROUND_19])
def test_a_code_named_in_the_text_and_a_number_in_the_quote_that_is_no_code_are_stored(
    kit: PersonaKit, text: str, quote: str
) -> None:
    """A phone banking's rules or another number in the quote (round 15), numbers in words that are no code
    (round 19): the text names a code, the quote does not give it."""
    assert proposal_secret_kind(text, quote) is None
    result = kit.propose(text, quote, "tools")
    assert result.stored and result.new, result


@pytest.mark.parametrize(
    "shape",
    [
        *SHAPES,
        *SHAPES_ROUND_2,
        *SHAPES_ROUND_3,
        *SHAPES_ROUND_4,
        *SHAPES_ROUND_5,
        *SHAPES_ROUND_6,
        *SHAPES_ROUND_7,
        *SHAPES_ROUND_8,
        *SHAPES_ROUND_9,
        *SHAPES_ROUND_10,
        *SHAPES_ROUND_11,
        *SHAPES_ROUND_12,
        *SHAPES_ROUND_13,
        *SHAPES_ROUND_14,
        *SHAPES_ROUND_15,
        *SHAPES_ROUND_16,
        *SHAPES_ROUND_17,
        *SHAPES_ROUND_18,
        *SHAPES_ROUND_19,
        *SHAPES_ROUND_20,
        *SHAPES_ROUND_21,
        *SHAPES_ROUND_22,
        *SHAPES_ROUND_23,
        *SHAPES_ROUND_24,
        *SHAPES_ROUND_25,
        *SHAPES_ROUND_26,
        *SHAPES_ROUND_27,
        *SHAPES_ROUND_28,
        *SHAPES_ROUND_29,
        *SHAPES_ROUND_46,
        *SHAPES_ROUND_47,
        *SHAPES_ROUND_48,
    ],
)
def test_each_shape_is_refused_as_a_quote_and_as_a_text(shape: str) -> None:
    sentence = next(
        shapes[shape]
        for shapes in (
            SHAPES,
            SHAPES_ROUND_2,
            SHAPES_ROUND_3,
            SHAPES_ROUND_4,
            SHAPES_ROUND_5,
            SHAPES_ROUND_6,
            SHAPES_ROUND_7,
            SHAPES_ROUND_8,
            SHAPES_ROUND_9,
            SHAPES_ROUND_10,
            SHAPES_ROUND_11,
            SHAPES_ROUND_12,
            SHAPES_ROUND_13,
            SHAPES_ROUND_14,
            SHAPES_ROUND_15,
            SHAPES_ROUND_16,
            SHAPES_ROUND_17,
            SHAPES_ROUND_18,
            SHAPES_ROUND_19,
            SHAPES_ROUND_20,
            SHAPES_ROUND_21,
            SHAPES_ROUND_22,
            SHAPES_ROUND_23,
            SHAPES_ROUND_24,
            SHAPES_ROUND_25,
            SHAPES_ROUND_26,
            SHAPES_ROUND_27,
            SHAPES_ROUND_28,
            SHAPES_ROUND_29,
            SHAPES_ROUND_46,
            SHAPES_ROUND_47,
            SHAPES_ROUND_48,
        )
        if shape in shapes
    )
    assert refuse_credentials.personakit_refuse(text="Said something", quote=sentence) == "credential_shape"
    assert refuse_credentials.personakit_refuse(text=sentence, quote="the owner said so") == "credential_shape"


@pytest.mark.parametrize(
    "sentence",
    [
        *LOOK_ALIKES,
        *LOOK_ALIKES_ROUND_2,
        *LOOK_ALIKES_ROUND_3,
        *LOOK_ALIKES_ROUND_4,
        *LOOK_ALIKES_ROUND_5,
        *LOOK_ALIKES_ROUND_6,
        *LOOK_ALIKES_ROUND_7,
        *LOOK_ALIKES_ROUND_8,
        *LOOK_ALIKES_ROUND_9,
        *LOOK_ALIKES_ROUND_10,
        *LOOK_ALIKES_ROUND_11,
        *LOOK_ALIKES_ROUND_12,
        *LOOK_ALIKES_ROUND_13,
        *LOOK_ALIKES_ROUND_14,
        *LOOK_ALIKES_ROUND_15,
        *LOOK_ALIKES_ROUND_16,
        *LOOK_ALIKES_ROUND_17,
        *LOOK_ALIKES_ROUND_18,
        *LOOK_ALIKES_ROUND_19,
        *LOOK_ALIKES_ROUND_20,
        *LOOK_ALIKES_ROUND_21,
        *LOOK_ALIKES_ROUND_22,
        *LOOK_ALIKES_ROUND_23,
        *LOOK_ALIKES_ROUND_24,
        *LOOK_ALIKES_ROUND_25,
        *LOOK_ALIKES_ROUND_26,
        *LOOK_ALIKES_ROUND_27,
        *LOOK_ALIKES_ROUND_28,
        *LOOK_ALIKES_ROUND_29,
        *LOOK_ALIKES_ROUND_46,
        *LOOK_ALIKES_ROUND_47,
        *LOOK_ALIKES_ROUND_48,
    ],
)
def test_sentences_that_look_like_them_are_stored(kit: PersonaKit, sentence: str) -> None:
    assert proposal_secret_kind(sentence, sentence) is None
    result = kit.propose(sentence, sentence, "tools")
    assert result.stored and result.new, result


@pytest.mark.parametrize(
    ("check", "valid", "invalid"),
    [
        (itin_valid, "952-95-0181", "952-42-0181"),  # the fourth and fifth digits in a group the IRS issues
        (bsn_valid, "690830166", "690830167"),
        (nif_pt_valid, "275749118", "275749119"),
        (niss_valid, "12034567897", "12034567898"),
        (sin_valid, "390139624", "390139625"),
        (nss_es_valid, "282470455853", "282470455854"),
        (sv_number_valid, "12150385M014", "12150385M015"),
        (cpf_valid, "529.982.247-25", "529.982.247-26"),
        (licence_valid, "MORGA 753116 SM9IJ", "MORGA 753116 SMXIJ"),  # a digit after the initials
        (nhs_valid, "943 476 5919", "943 476 5918"),
        (clabe_valid, "002180700845123454", "002180700845123458"),
        (ahv_valid, "756.1234.5678.97", "756.1234.5678.98"),
        (at_sv_number_valid, "4188 220790", "4187 220790"),
        (pps_valid, "8214036SA", "8214036TA"),
        (curp_valid, "PELR850412HDFRPB05", "PELR850412HDFRPB04"),
        (tfn_valid, "315926532", "315926533"),
        (medicare_card_valid, "3608836201", "3608836211"),
        (cnh_valid, "73190528479", "73190528478"),
        (aadhaar_valid, "4748 3378 8762", "4748 3378 8763"),
        (za_id_valid, "9206119420085", "9206119420086"),
        (ird_valid, "136410132", "136410133"),  # the second weights, the first giving 10
        (rfc_valid, "MELR920611H45", "MELR921311H45"),
        (kvnr_valid, "A123456780", "A123456781"),
        (cns_valid, "898 3407 1562 0001", "898 3407 1562 0002"),
        (mx_nss_valid, "43103586129", "43103586128"),
        (za_tax_valid, "0238417562", "4238417562"),  # the first digit not one SARS gives
        (cl_rut_valid, "12.345.678-5", "12.345.678-K"),
        (cl_rut_valid, "9876543-3", "76.086.428-5"),  # a company's, from 50 million on
        (co_nit_valid, "1020304050-8", "900123456-8"),  # a company's, nine digits from 900
        (nric_valid, "S1234567D", "S1234567E"),
        (nric_valid, "F1234567N", "M1234567N"),
        (nuit_valid, "400123454", "400123455"),
        (lu_matricule_valid, "1975 0623 12365", "1975 0623 12375"),  # Luhn's digit wrong, Verhoeff's right
        (lu_matricule_valid, "1989 0412 75700", "2001 0230 12378"),  # no 30 February, its checks right
        (cbu_valid, "0110123800001234567891", "0110123700001234567891"),
        (it_health_card_valid, "80380000123456789014", "80390000123456789014"),  # another country's
    ],
)
def test_each_new_check_is_the_one_its_issuer_uses(check: Callable[[str], bool], valid: str, invalid: str) -> None:
    assert check(valid) and not check(invalid)


def test_a_number_whose_check_fails_is_stored_even_with_its_label() -> None:
    for sentence in (
        "mijn BSN is 690830167",
        "SIN 390 139 625, for the Canadian tax form",
        "DNI 48123456 letra H",
        "la cuenta de la comunidad: ES92 2100 0418 45 0200051332",
    ):
        assert not holds_secret("", sentence), sentence


# -- the blind corpus --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("part", "secrets", "ordinary"),
    [
        ("tune", 100, 70),
        ("tune_round2", 130, 90),
        ("tune_round3", 220, 160),
        ("tune_round4", 280, 190),
        ("tune_round5", 320, 200),
        ("tune_round6", 310, 210),
        ("tune_round7", 310, 200),
        ("tune_round8", 300, 200),
        ("tune_round9", 300, 200),
        ("tune_round10", 317, 209),
        ("tune_round11", 252, 171),
        ("tune_round12", 256, 174),
        ("tune_round13", 256, 176),
        ("tune_round14", 240, 168),
        ("tune_round15", 240, 170),
        ("tune_round16", 241, 177),
        ("tune_round17", 240, 174),
        ("tune_round18", 242, 173),
        ("tune_round19", 260, 182),
        ("tune_round20", 240, 178),
        ("tune_round21", 240, 176),
        ("tune_round22", 240, 172),
        ("tune_round23", 240, 176),
        ("tune_round24", 240, 172),
        ("tune_round25", 240, 178),
        ("tune_round26", 240, 178),
        ("tune_round27", 240, 180),
        ("tune_round28", 240, 180),
        ("tune_round29", 240, 180),
        ("tune_round30", 240, 180),
        ("tune_round31", 240, 180),
        ("tune_round32", 240, 180),
        ("tune_round33", 240, 180),
        ("tune_round34", 240, 180),
        ("tune_round35", 240, 180),
        ("tune_round36", 240, 178),
        ("tune_round37", 240, 180),
        ("tune_round38", 240, 180),
        ("tune_round39", 240, 180),
        ("tune_round40", 240, 180),
        ("tune_round41", 240, 180),
        ("tune_round42", 240, 180),
        ("tune_round43", 240, 182),
        ("tune_round44", 240, 183),
        ("tune_round45", 240, 180),
        ("tune_round46", 240, 180),
        ("tune_round47", 240, 180),
        ("tune_round48", 240, 180),
        ("tune_round49", 240, 180),
    ],
)
def test_each_tuning_part_of_the_blind_corpus_is_in_five_languages(part: str, secrets: int, ordinary: int) -> None:
    cases = fresh(part)
    assert sum(case.secret for case in cases) >= secrets and sum(not case.secret for case in cases) >= ordinary
    assert {"en", "de", "es", "fr", "it"} <= {case.lang for case in cases}


def test_no_sentence_of_the_blind_corpus_repeats() -> None:
    """Said by part and line only: a failure here never prints a held-out sentence."""
    first: dict[str, str] = {}
    repeats = []
    for part in FRESH_PARTS:
        if fresh_exists(part):
            for number, case in enumerate(fresh(part), start=1):
                where = first.setdefault(case.quote, f"{part} line {number}")
                if where != f"{part} line {number}":
                    repeats.append(f"{part} line {number} repeats {where}")
    assert not repeats, "; ".join(repeats)


# A tuning part whose misses are not all fixed yet: the secrets it must refuse at least, counted, not printed (its
# misses are listed by `benchmarks/secrets_fresh.py --misses`). A part not here passes whole. The seventh part refused
# 267 of its 316 secrets at its one blind measurement, the eighth 269 of its 300; both pass whole since the eighth
# tuning round. The ninth refused 210 of its 300, the tenth 246 of its 317, the eleventh 217 of its 252; the eleventh
# tuning round took them to 274, 293 and 247. The twelfth refused 222 of its 256; the twelfth tuning round took it to
# 246, the seventeenth to 247. The thirteenth refused 231 of its 256; the thirteenth tuning round took it to 235, the
# fourteenth to 237, the eighteenth to 239, the twentieth to 241, the twenty-second to 243. The fourteenth refused 219
# of its 240; the fourteenth tuning round took it to 236. The fifteenth refused 227 of its 240; the fifteenth tuning
# round took it to 239 (and the tenth to 294, the twenty-fourth to 296). The sixteenth refused 225 of its 241; the
# sixteenth tuning round took it to 240. The seventeenth refused 218 of its 240; the seventeenth tuning round took it to
# 232. The eighteenth refused 220 of its 242; the eighteenth tuning round took it to 239, the twenty-second to 240. The
# nineteenth refused 244 of its 260; the nineteenth tuning round took it to 258. The twentieth refused 222 of its 240;
# the twentieth tuning round took it to 238. The twenty-first refused 223 of its 240; it passes whole since the
# twenty-first tuning round. The twenty-second refused 214 of its 240; it passes whole since the twenty-second tuning
# round. The twenty-third refused 218 of its 240; the twenty-third tuning round took it to 227. The twenty-fourth
# refused 212 of its 240; the twenty-fourth tuning round took it to 224. The twenty-fifth refused 212 of its 240; the
# twenty-fifth tuning round took it to 230. The twenty-sixth refused 195 of its 240; the twenty-sixth tuning round took
# it to 211. The twenty-seventh refused 180 of its 240; the twenty-seventh tuning round took it to 221. The
# twenty-eighth refused 174 of its 240; the countries added after it and the twenty-eighth tuning round took it to 200.
# The twenty-ninth refused 180 of its 240; the twenty-eighth tuning round, on the part before, took it to 182, and the
# twenty-ninth tuning round to 206. The thirtieth refused 180 of its 240; the fourth batch of countries and the
# twenty-ninth tuning round, on the part before, took it to 181. The thirty-first refused 170 of its 240. The thirtieth
# tuning round (a personal number or an account after its name, in any country: `named_numbers`) took the thirtieth to
# 213 and the thirty-first to 214, and some earlier parts a few more. The thirty-second refused 194 of its 240; the
# thirty-first tuning round (more names, national schemes' cards, banking apps' codes) took it to 211. The thirty-third
# refused 199 of its 240; the thirty-second tuning round (a generic name's value no longer left to a family that cannot
# check it) took it to 204. The thirty-fourth refused 207 of its 240; the thirty-third tuning round (whose a number is,
# between its name and its value) took it to 208. The thirty-fifth refused 221 of its 240; the thirty-fourth tuning
# round (a password's name and what it is for, recovery keys of letters, Corsica's NIR, more names of personal numbers
# and who holds them) took it to 234. The thirty-sixth refused 190 of its 240; the thirty-fifth tuning round (mobile
# money PINs said another way, a security question's topic in quotes, proxies' share links, Yemen's IBAN, personal
# numbers' names in Turkish, Arabic and Russian) took it to 223. The thirty-seventh refused 224 of its 240; the
# thirty-sixth tuning round (a passnumber and an ipin, a code and what it verifies, a PIN past a clause, whose answer it
# is before the security question, an account's kind and its holder) took it to 232. The thirty-eighth refused 221 of
# its 240; the thirty-seventh tuning round (a TWINT code, a PVC's VIN, a code received, a coordinate card, a lower-case
# answer after its label, more locks' and questions' names) took it to 233. The thirty-ninth refused 219 of its 240; the
# thirty-eighth tuning round (a password of two dotted parts, a key in groups of four, a family's number after what it
# is for and its verb, a wallet's or an account's holder after its name, more names of health, social and licence
# numbers) took it to 237. The fortieth refused 226 of its 240; the thirty-ninth tuning round (a CDL, a PHIN, a
# mutuelle's member number, a BTM cabinet's code, a purchase's code by SMS, an RG with its issuing body) took it to 232.
# The forty-first refused 219 of its 240; the fortieth tuning round (a health card's twenty digits by its national
# names, a quoted answer, a digipass's response code, a code that came, PhilHealth, PhilSys and SHA numbers, an RG's
# issuing bodies) took it to 232. The forty-second refused 225 of its 240; the forty-first tuning round (a dotted
# password with a short second part, a security answer quoted past its topic or after a name's apostrophe, a door's code
# past a clause, a client's passport and a business's owner's ID card, a CNI, an insurer's polisnr, a Pix key drawn at
# random, a code to approve a login, a money transfer's MTCN and test answer, a keypad code told digit by digit) took it
# to 237. The forty-third refused 207 of its 240; the forty-second tuning round (a phone's, a bank card's and a till
# manager's code as compounds, a verification or confirmation code addressed to the reader or sent to someone named, a
# card's security code with the card's name, an answer to a question named by its topic, an e-Transfer's answer, an
# account's holder in two names, more health, voter and seafarers' numbers' names, a wallet's holder with an aside, a
# freezer's and a card reader's codes, a "codice dispositivo", a "frase-passe") took it to 233. The forty-fourth refused
# 216 of its 240; the forty-third tuning round (a phone's lock and a cellar's code by their names, a Dutch code lock, an
# Italian ID card without its "d'", a BVN in lower case or in brackets, SSNIT and health services numbers, a bank's "use
# ... to authorize", a TAN of capitals and digits, a German health card's number glued to its name) took it to 226. The
# forty-fifth refused 213 of its 240; the forty-fourth tuning round (a maiden name a form asks for, after "its" or a
# dash, an answer after "nilijibu", a transfer's question answered, a fact question quoted and answered, British
# Columbia's health number, a Quebec licence before its name, an Italian card past a comma, an RFC in lower case, a
# till's "code gérant", a bank's code named by what it approves, "contra" after a user name, a Cl@ve PIN, a station's
# number before its pickup code, an alarm with whose it is) took it to 227. The forty-sixth refused 235 of its 240; the
# forty-fifth tuning round (a question asked after a security question's colon and answered, Nova Scotia's health card,
# the IBANs of the UEMOA, the CEMAC and Cabo Verde, a room's code as a Dutch compound names it, a code a lock "has" past
# an aside; a trade's licence, a mill's tax number and a company's NIF stored) made it whole. The twenty-eighth's floor
# went down by one, from 212 to 211: its owner's "meu NIF" begins with 5, which the scheme gives companies only, and a
# company's NIF, printed on every invoice it issues, is stored whoever says it.
TUNING_MIN_REFUSED: dict[str, int] = {
    "tune_round9": 275,
    "tune_round10": 297,
    "tune_round11": 247,
    "tune_round12": 247,
    "tune_round13": 245,
    "tune_round15": 239,
    "tune_round16": 240,
    "tune_round17": 235,
    "tune_round18": 240,
    "tune_round19": 258,
    "tune_round20": 238,
    "tune_round23": 228,
    "tune_round24": 227,
    "tune_round25": 233,
    "tune_round26": 226,
    "tune_round27": 222,
    "tune_round28": 211,
    "tune_round29": 221,
    "tune_round30": 220,
    "tune_round31": 225,
    "tune_round32": 219,
    "tune_round33": 214,
    "tune_round34": 216,
    "tune_round35": 234,
    "tune_round36": 224,
    "tune_round37": 234,
    "tune_round38": 235,
    "tune_round39": 237,
    "tune_round40": 233,
    "tune_round41": 233,
    "tune_round42": 238,
    "tune_round43": 233,
    "tune_round44": 227,
    "tune_round45": 227,
    "tune_round47": 236,
    "tune_round48": 238,
    "tune_round49": 237,
}


@pytest.mark.parametrize("part", FRESH_TUNE_PARTS)
def test_every_secret_of_a_tuning_part_is_refused(part: str) -> None:
    missed = [case for case in fresh(part) if case.secret and not holds_secret(case.text, case.quote)]
    if part in TUNING_MIN_REFUSED:
        refused = sum(case.secret for case in fresh(part)) - len(missed)
        assert refused >= TUNING_MIN_REFUSED[part], f"{part}: {refused} secrets refused, fewer than its floor"
        return
    assert not missed, "\n".join(f"[{case.lang}] {case.quote!r}" for case in missed)


# A tuning part whose refused ordinary sentences are not all fixed yet: how many may still be refused at
# most, lowered as they are fixed and removed at 0. A part not here must store every ordinary sentence.
# The sixteenth part refused 5 of its 177 at its one blind measurement; the sixteenth tuning round fixed them.
# The seventeenth refused 2 of its 174 at its one blind measurement; the seventeenth tuning round fixed them.
# The eighteenth refused 3 of its 173 at its one blind measurement; the eighteenth tuning round fixed them.
# The nineteenth refused 10 of its 182 at its one blind measurement; the nineteenth tuning round fixed them.
# The twentieth refused 4 of its 178 at its one blind measurement; the twentieth tuning round fixed them.
# The twenty-first refused 4 of its 176 at its one blind measurement; the twenty-first tuning round fixed them.
# The twenty-second refused 3 of its 172 at its one blind measurement; the twenty-second tuning round fixed them.
# The twenty-third refused 6 of its 172 at its one blind measurement; the twenty-fourth tuning round fixed them.
# The twenty-fourth refused 1 of its 178 at its one blind measurement; the twenty-fifth tuning round fixed it.
# The twenty-eighth refused 1 of its 180 at its one blind measurement; the twenty-eighth tuning round fixed it.
TUNING_MAX_ORDINARY_REFUSED: dict[str, int] = {}


@pytest.mark.parametrize("part", FRESH_TUNE_PARTS)
def test_no_ordinary_sentence_of_a_tuning_part_is_refused(part: str) -> None:
    refused = [
        f"[{case.lang}] {proposal_secret_kind(case.text, case.quote)}: {case.quote!r}"
        for case in fresh(part)
        if not case.secret and holds_secret(case.text, case.quote)
    ]
    if part in TUNING_MAX_ORDINARY_REFUSED:
        allowed = TUNING_MAX_ORDINARY_REFUSED[part]
        assert len(refused) <= allowed, f"{part}: {len(refused)} ordinary sentences refused, more than {allowed}"
        return
    assert not refused, "\n".join(refused)


# The floor of the held-out part, written apart and added later: its sentences are never printed, only its figures. The
# first forty-eight held-out parts (now `tune_round2` to `tune_round49`) were each measured once after tuning, 126 of
# 139 secrets refused and 0 of 97 ordinary sentences, then 197 of 222 and 5 of 164, then 245 of 283 and 8 of 195, then
# 261 of 324 and 0 of 206, then 253 of 310 and 2 of 216, then 267 of 316 and 0 of 206, then 269 of 300 and 4 of 202,
# then (typos, dictation, pasted messages, two languages in a sentence) 210 of 300 and 3 of 200, then (regional and
# informal language, secrets in pasted JSON, YAML, .netrc and forms, someone else's secrets, hints that give them away)
# 246 of 317 and 8 of 209, then (memories as an assistant words them: its own restatement of a secret, the value only in
# the quote, summaries of several facts, notes dictated for later, work credentials) 217 of 252 and 0 of 171, then
# (secrets from corners of everyday life in the words used there: alarm panels, smart locks, SIM cards, unlock patterns,
# recovery keys, portals, a parent's banking, pickup codes, weak human passwords) 222 of 256 and 5 of 174, then (long
# memories with the secret in the middle; hard look-alikes that share a secret's words and a value: demo logins, a
# password's length, program code and error codes, booking and order references, a character's password in a novel;
# secrets said sideways) 231 of 256 and 20 of 176, then (realistic owners, not tricks: twelve invented people in their
# own registers, the memories an assistant would propose for them over months, numbers of everyday life and the secrets
# such people blurt out) 219 of 240 and 0 of 168, then (realistic owners again, seventeen other invented people in their
# own registers) 227 of 240 and 0 of 170, then (realistic owners once more, nineteen other invented people, half the
# ordinary sentences hard look-alikes) 225 of 241 and 5 of 177, then (twenty other invented owners, people one would not
# think of first) 218 of 240 and 2 of 174, then (twenty-eight other invented owners, the secret said in passing while
# asking for help with something else) 220 of 242 and 3 of 173, then (twenty owners over a long relationship with their
# assistant: secrets corrected later, given for someone else, dictated in words, abbreviated, beside an ordinary number)
# 244 of 260 and 10 of 182, then (twenty owners written plainly, the way most people talk to an assistant most of the
# time) 222 of 240 and 4 of 178, then (twenty other owners written plainly, about three quarters of the ordinary
# sentences hard look-alikes) 223 of 240 and 4 of 176, then (twenty more owners written plainly) 214 of 240 and 3 of
# 172, then (twenty new owners written plainly, 136 of the ordinary sentences hard look-alikes) 218 of 240 and 0 of 176,
# then (twenty new owners written plainly, from walks of life unlike the usual examples) 212 of 240 and 6 of 172, then
# (twenty new owners written plainly, from walks of life one would not think of first) 212 of 240 and 1 of 178, then
# (twenty-three owners written plainly in countries the parts before had seldom or never had, from Chile, Argentina and
# Colombia to Suriname, Mozambique and Angola) 195 of 240 and 0 of 178, then (twenty-six owners written plainly, again
# in countries the parts before had seldom had: Ghana, Nigeria, Jamaica, Pakistan, Malaysia, Peru, Uruguay, Cuba,
# Senegal, Bonaire and others) 180 of 240 and 0 of 180, then (twenty-six owners written plainly, each in a country none
# of the parts before had, from Estonia, Israel and South Korea to Fiji, Madagascar and Andorra) 174 of 240 and 1 of
# 180, then (twenty-six owners written plainly, each in a country none of the parts before had, from Sri Lanka, Uganda
# and Papua New Guinea to Paraguay, Monaco and São Tomé) 180 of 240 and 0 of 180, then (twenty-six owners written
# plainly, each in a country none of the parts before had, from Zimbabwe, Guyana and Azerbaijan to Benin, Sint Maarten
# and Bermuda) 180 of 240 and 0 of 180, then (twenty-six owners written plainly, each in a country or territory none of
# the parts before had, from Barbados, Malawi and Gibraltar to Kosovo, Greenland and Bahrain) 170 of 240 and 0 of 180,
# then (twenty-six owners written plainly, each in a country or territory none of the parts before had, from Tanzania,
# Mongolia and Brunei to Réunion, Guernsey and the Turks and Caicos) 194 of 240 and 0 of 180, then (twenty-six owners
# written plainly, each in a country or territory none of the parts before had, from Libya, Liberia and Samoa to Åland,
# Eritrea and the Comoros) 199 of 240 and 1 of 180 (that one refused before that round too), then (twenty-six owners
# written plainly, each in a country or territory none of the parts before had, from the Falklands, Saint Helena and
# Kiribati to Svalbard, Zanzibar and Saba) 207 of 240 and 1 of 180 (refused before this stop too), then (twenty-six
# owners written plainly, from Tuvalu, Niue and Pitcairn to Sylt, Corsica and Madeira, many of them in places that use
# the numbers of countries the check knows) 221 of 240 and 1 of 180 (refused before that stop too), then (twenty-six
# owners written plainly, each in a place whose numbers none of the parts before had, from Mali, Niger and Djibouti to
# Abkhazia, Transnistria and Haiti) 190 of 240 and 0 of 178, then (twenty-six owners written plainly in the big
# countries most owners live in, from the United States, India and the Philippines to Germany, Mexico and Brazil) 224 of
# 240 and 2 of 180 (refused before that round too), then (twenty-six owners in the same countries, in other walks of
# life, from Tulsa, Brampton and Nyeri to Landshut, Seville and Maputo) 221 of 240 and 1 of 180 (refused before that
# round too), then (twenty-six owners in the same countries, in walks of life neither part before had, from Sacramento,
# Lahore and Lagos to Innsbruck, Rosario and Belo Horizonte) 219 of 240 and 3 of 180 (the check before that stop refused
# three too), then (twenty-six owners in the same countries, in walks of life none of the parts before had, from
# Albuquerque, Dhaka and Kingston to Bilbao, Esch-sur-Alzette and Eindhoven) 226 of 240 and 3 of 180, then (twenty-six
# owners in the same countries, from Tulsa, Nanaimo and Durban to Schaffhausen, Logroño and Maputo) 219 of 240 and 3 of
# 180, then (twenty-six owners in the same countries, from Cleveland, Quezon City and Dakar to Graz, Apeldoorn and
# Luanda) 225 of 240 and 3 of 180, then (twenty-six owners in the same countries, from Des Moines, Mombasa and Iloilo to
# Köln, Oaxaca and Bouaké) 207 of 240 and 2 of 182, then (twenty-six owners in the same countries, from Omaha, Tamale
# and Davao to Vienna, Antofagasta and Douala) 216 of 240 and 1 of 183, then (twenty-six owners in the same countries,
# from El Paso, Kericho and Lagos to Dortmund, Lima and Lomé) 213 of 240 and 3 of 180, then (thirty-three owners in the
# same countries, from Boise, Sunderland and Kisumu to Davos, Vigo and Abidjan) 235 of 240 and 3 of 180, then
# (thirty-four owners in the same countries, from Amarillo, Glasgow and Nairobi to Graz, Bogotá and Cotonou) 228 of 240
# and 1 of 180, then (thirty owners in the same countries, from Dayton, Galway and Kumasi to Garmisch-Partenkirchen,
# Puerto Montt and Nampula) 229 of 240 and 2 of 180, then (thirty owners in the same countries, from Memphis, Cork and
# Bonwire to Zermatt, Cusco and Praia) 233 of 240 and 1 of 180, and tuned on. The held-out part's floor is what it gives
# at its one measurement; without the part its tests are skipped, and a new part is only printed with the figures until
# its floor is set. The forty-ninth held-out part (thirty owners in the same countries, in walks of life none of the
# parts before had, from Detroit, Donegal and Accra to Schladming, Manizales and Luanda), measured once after the
# forty-eighth tuning round: 230 of 240 and 0 of 180 (the check before this stop 230 and 0).
HELD_OUT_MIN_REFUSED: int | None = 230
"""The held-out part's one blind measurement: secrets refused (None until the next part is measured)."""
HELD_OUT_MAX_ORDINARY_REFUSED: int | None = 0
"""And its ordinary sentences refused then (the target: none)."""


def test_the_held_out_part_does_not_fall_below_its_measure() -> None:
    if not fresh_exists(FRESH_HELD_OUT):
        pytest.skip(fresh_missing(FRESH_HELD_OUT))
    held_out = next(row for row in figures() if row.name == "fresh, held out")
    if HELD_OUT_MIN_REFUSED is None or HELD_OUT_MAX_ORDINARY_REFUSED is None:
        pytest.skip(f"the held-out part has no floor yet: set it from its one measurement: {held_out.line().strip()}")
    assert held_out.found >= HELD_OUT_MIN_REFUSED, held_out.line()
    assert held_out.refused <= HELD_OUT_MAX_ORDINARY_REFUSED, held_out.line()


@pytest.mark.system
def test_the_benchmark_prints_a_part_by_language_and_lists_no_held_out_sentence() -> None:
    script = [sys.executable, str(ROOT / "benchmarks" / "secrets_fresh.py")]
    for part, name in (
        ("tune", "fresh, tune"),
        ("tune_round2", "fresh, tune round 2"),
        ("tune_round3", "fresh, tune round 3"),
        ("tune_round4", "fresh, tune round 4"),
        ("tune_round5", "fresh, tune round 5"),
        ("tune_round6", "fresh, tune round 6"),
        ("tune_round7", "fresh, tune round 7"),
        ("tune_round8", "fresh, tune round 8"),
        ("tune_round9", "fresh, tune round 9"),
        ("tune_round10", "fresh, tune round 10"),
        ("tune_round11", "fresh, tune round 11"),
        ("tune_round12", "fresh, tune round 12"),
        ("tune_round13", "fresh, tune round 13"),
        ("tune_round14", "fresh, tune round 14"),
        ("tune_round15", "fresh, tune round 15"),
        ("tune_round16", "fresh, tune round 16"),
        ("tune_round17", "fresh, tune round 17"),
        ("tune_round18", "fresh, tune round 18"),
        ("tune_round19", "fresh, tune round 19"),
        ("tune_round20", "fresh, tune round 20"),
        ("tune_round21", "fresh, tune round 21"),
        ("tune_round22", "fresh, tune round 22"),
        ("tune_round23", "fresh, tune round 23"),
        ("tune_round24", "fresh, tune round 24"),
        ("tune_round25", "fresh, tune round 25"),
        ("tune_round26", "fresh, tune round 26"),
        ("tune_round27", "fresh, tune round 27"),
        ("tune_round28", "fresh, tune round 28"),
        ("tune_round29", "fresh, tune round 29"),
        ("tune_round30", "fresh, tune round 30"),
        ("tune_round31", "fresh, tune round 31"),
        ("tune_round32", "fresh, tune round 32"),
        ("tune_round33", "fresh, tune round 33"),
        ("tune_round34", "fresh, tune round 34"),
        ("tune_round35", "fresh, tune round 35"),
        ("tune_round36", "fresh, tune round 36"),
        ("tune_round37", "fresh, tune round 37"),
        ("tune_round38", "fresh, tune round 38"),
        ("tune_round39", "fresh, tune round 39"),
        ("tune_round40", "fresh, tune round 40"),
        ("tune_round41", "fresh, tune round 41"),
        ("tune_round42", "fresh, tune round 42"),
        ("tune_round43", "fresh, tune round 43"),
        ("tune_round44", "fresh, tune round 44"),
        ("tune_round45", "fresh, tune round 45"),
        ("tune_round46", "fresh, tune round 46"),
        ("tune_round47", "fresh, tune round 47"),
        ("tune_round48", "fresh, tune round 48"),
        ("tune_round49", "fresh, tune round 49"),
    ):
        shown = subprocess.run([*script, "--part", part], capture_output=True, text=True, check=True, cwd=ROOT)
        row = next(row for row in figures() if row.name == name)
        assert f"{part}:\n" in shown.stdout and f"secrets refused {row.found:>3}/{row.secrets:<3}" in shown.stdout
        assert "  de " in shown.stdout and "  it " in shown.stdout
    listed = subprocess.run([*script, "--misses"], capture_output=True, text=True, check=True, cwd=ROOT)
    assert all(f"{part}:\n" in listed.stdout for part in FRESH_TUNE_PARTS), listed.stdout
    whole = len(FRESH_TUNE_PARTS) - len(TUNING_MIN_REFUSED)
    assert listed.stdout.count("no wrong answer") == whole, listed.stdout
    if fresh_exists(FRESH_HELD_OUT):
        assert "its wrong answers are not listed" in listed.stdout, listed.stdout
    else:
        assert fresh_missing(FRESH_HELD_OUT) in listed.stdout, listed.stdout
    refused = subprocess.run([*script, "--part", "heldout", "--misses"], capture_output=True, text=True, cwd=ROOT)
    assert refused.returncode == 2 and not refused.stdout, refused
    assert "held-out part is only counted" in refused.stderr


def test_a_test_card_is_one_a_provider_published_never_one_a_sentence_merely_calls_so() -> None:
    """A payment provider's published test number, called a test card, is stored; a real card number is
    refused even when the sentence calls it a test card (a manipulated assistant would say just that),
    and so is a published number said as the owner's card with no word of testing."""
    from personakit_plugin.default_plugins.secrets.cards import PUBLISHED_TEST_CARDS, luhn_valid

    assert all(luhn_valid(number) for number in PUBLISHED_TEST_CARDS)  # the list holds card numbers only
    for number in ("4242424242424242", "4000056655665556", "5555555555554444", "378282246310005"):
        grouped = " ".join(number[at : at + 4] for at in range(0, len(number), 4))
        assert proposal_secret_kind("Tests payments", f"the stripe test card {grouped} works") is None, number
        assert proposal_secret_kind("Pays by card", f"my card is {grouped}") is not None, number
    real = "4539 1488 0343 6467"  # Luhn-valid, issued-looking, on no provider's list
    for said in (
        f"the stripe test card {real}",
        f"sandbox checkout with test card {real}",
        f"tarjeta de prueba {real}",
    ):
        assert proposal_secret_kind("Tests payments", said) is not None, said
