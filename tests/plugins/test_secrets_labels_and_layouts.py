"""Secrets given with a label worded as people word it, or in a layout a document prints, are refused; the
ordinary sentences that share their words are stored.

- A password's name followed by what it is for, with no preposition, as French, Spanish, Italian and
  Portuguese say it ("mot de passe wifi est ...", "contraseña gmail es ...").
- A generated password that opens with X or Ed and digits is no algorithm's name: only X25519, X448, X509,
  Ed25519 and Ed448 are.
- A recovery key of letters in dashed groups right after its name, a recovery code after the service's name.
- A French social security number (NIR) born in Corsica, whose department is 2A or 2B, with its key.
- An Italian electronic identity card's number printed in its three parts ("CA 15673 VS").
- The answer to a security question with "sa", "su", "seine" ... before it, or an aside in brackets after it.
- A one-time code after "otp" in lower case, as chat types it; a SIM's PUK1 or PUK2; a card's "cryptogramme".
- A mobile money PIN with the PIN's word before the wallet, or in single digits set off by spaces; a proxy's share
  link, which holds its user's ID or password; an IBAN of every country of the registry (Yemen's, Burundi's,
  Honduras's); a security question's topic in quotes and what the owner put.
- A postcode after "code postal" is no code, nor a phone number a code was sent to.
- A building society's "passnumber" and an Indian bank's "ipin"; a code followed by what it verifies ("to verify her
  identity"); a PIN given by its verb past a clause; whose answer it is before the security question ("the answer
  to Chloe's bank security question", "la risposta di Chiara alla domanda ..."), a place's saint as an answer; an
  account's kind before the bank and whose it is after it ("cuenta de ahorros Bancolombia de Andrés es la ...").
- A device's login as its maker sets it on every unit, from its manual ("standaard admin / admin123"), is stored
  when nothing else in the text is secret; a routing number said to be on the bank's site is the bank's.
- A TWINT code after a dash or in two threes; a Nigerian PVC's voter identification number; a code someone received
  ("recibió el código ... de Mercado Pago"); a Portuguese combination; a Dutch "veiligheidsvraag"; a cabinet's or a
  fuel pump's code; a Swiss "licenza di condurre"; a bank's coordinate card; a lower-case answer after an answer's
  own label, and an Interac e-Transfer's question. A French telephone number in pairs after "sécu" is no social
  security number.
- A password of two dotted parts with a capital, a small letter and a digit ("Namaste.Ros4rio"); a key in groups of
  four; a family's number after what it is for and its verb ("CNIC for police verification is ..."); a wallet's or
  an account's holder after its name ("le code Wave d'Aminata est ...", "RIB SGBCI d'Aminata est ..."); a health
  insurer's member or policy number; a short licence ("TK49201"); an Ivorian CNI; a code sent to someone by name.
  An Indian address's "PIN" after a place, a registration PIN on a public register and a parish's tax code are
  stored.
- A commercial driver's licence (CDL); Manitoba's PHIN; a mutuelle's member number; a drugs cabinet's code
  ("Betäubungsmittelschrank"); a card purchase's code in its bank's SMS; an RG with its issuing body. A German
  "Personalnummer" of fewer than eight digits (a staff number), an electricity account's number and a hotel's NIF
  are stored.
- A health card's twenty digits after its national names ("Krankenkassenkarte", "tessera d'assicurato"); a quoted
  answer with spaces after an answer's label; a digipass's response code; a code, then its coming ("... 482-193 que
  chegou por SMS"); Chile's "claveúnica"; a "Zutrittscode"; a "sleutelkluisje"; PhilHealth, PhilSys and Kenya's SHA
  numbers; an RG with its issuing body ("SDS-PE"). A prepaid meter's token of five fours, a Mexican "cédula
  profesional" (public) and a wallet's agent's number are stored.
- A dotted password with three letters and digits after the dot ("joana.ong2022"); a security answer quoted past
  what its question was about, or after a name with an apostrophe; a door's code past a clause of five words; a
  client's passport, and an ID card given for a business's account; a CNI; an insurer's "polisnr"; a Pix key drawn
  at random; six digits opening a line to approve a login or a payment; Western Union's MTCN and a transfer's test
  answer; a keypad code told digit by digit even when it reads as a year; an IBAN others are to pay into ("dat ze de
  factuur overmaken op ..."). An order's number before "to confirm the payment", a sum, a firm's tax number, a
  utility's customer account, a procedure's folio and a shop's Pix key are stored.
- A phone's or a bank card's code as a compound ("Handycode", "bankomat code", "managercode"); a verification or
  confirmation code addressed to the reader ("Ihr Verifizierungscode: ...", "uw bevestigingscode is ...", "WA-730215
  is your WhatsApp confirmation code") or sent to someone named ("Booking.com sent Maria the confirmation code
  ..."); a security code with the card's name after it, or where it is and then the card; an answer to a question
  named by its topic ("la respuesta de Ana a la pregunta de su primera mascota es ..."), an Interac e-Transfer's
  answer; an account's holder in two names; a health card's number after "Versichertenkartennummer" (and its Swiss
  German spelling); an election card, a Pag-IBIG MID, a CMU number; a wallet's holder with who they are between
  commas; a freezer's code; a card reader's code; a "codice dispositivo"; a "frase-passe"; an itsme code with whose
  it is. A booking's confirmation code, an LLC's EIN, an M-Pesa receipt's code and answers that describe an answer
  ("is simple", "is pending") are stored.
- A phone's lock and a cellar's code by their names; an Italian ID card's number after "carta identità"; a BVN in
  lower case, or after its name in words and its letters in brackets; Ghana's SSNIT and a province's health services
  number by their names; a bank's message that says to use a code to authorise; a TAN of capitals and digits as its
  message words it; a Dutch "codeslot"; a German health card's number after "Krankenkassen-Kartennummer"; a bank
  account beside a utility's account (a utility's account lets a text through only where no bank account is named).
  A food business's FSSAI licence, a round amount to confirm, a broken code lock and a phone locked at a time are
  stored.

None of these sentences comes from a corpus: each is written here for the rule it pins."""

from __future__ import annotations

import pytest

from personakit_plugin.default_plugins.secrets import holds_secret, secret_kind

REFUSED = [
    # what the password is for, after its name
    ("Le mot de passe wifi est KRT-DR87-19XF.", "credential-assignment"),
    ("Le mot de passe wifi du bureau est KRT-DR87-19XF.", "credential-assignment"),
    ("La contraseña gmail es Xk29-pq81.", "credential-assignment"),
    ("a senha banco é Pq81-xk29", "credential-assignment"),
    # a password that opens as X or Ed and digits would
    ("The wifi password is X7K2-P9QM.", "credential-assignment"),
    ("my laptop password is Ed4-horse9", "credential-assignment"),
    # a recovery key of letters, a recovery code after the service's name
    ("authenticator recovery key RPXM-RUJR-NFAC-BXVK", "recovery-codes"),
    ("herstelcode microsoft JZ41C-2GB51-M9B4P-04RJ7", "recovery-codes"),
    # Corsica's NIR, with its key (stdnum's own examples)
    ("mon numéro de sécu 253072B07300470", "fr-nir"),
    ("numéro de sécurité sociale 2 53 07 2A 073 004 43", "fr-nir"),
    # an Italian CIE in its three parts
    ("CIE n. CA 15673 VS", "id-card-number"),
    # a security answer after "sa question secrète", or after an aside
    ("La réponse à sa question secrète est Vizzavona.", "security-answer"),
    ("La réponse à la question secrète de Marie-Ange (lieu des vacances d'enfance) est Vizzavona.", "security-answer"),
    ("Die Antwort auf seine Sicherheitsfrage ist Bello.", "security-answer"),
    # a one-time code after "otp" in lower case, a SIM's PUK1, a card's cryptogramme
    ("my otp is 482193", "pin-code"),
    ("otp: 482193", "pin-code"),
    ("PUK1 12345678", "pin-code"),
    ("le cryptogramme est 123", "pin-code"),
    # a mobile money PIN
    ("codigo orange money 2 2 9 0", "pin-code"),
    ("orange money code 5 8 1 7", "pin-code"),
    ("pin m-pesa 2290", "pin-code"),
    ("kod moncash la se 5817", "pin-code"),
    # a proxy's share link
    ("new vpn key: vless://b831381d-6324-4d53-ad4f-8cda48b30811@203.0.113.9:443", "proxy-link"),
    ("ss://YWVzLTI1Ni1nY206c3VuZmxvd2VyNDI@203.0.113.9:8388", "proxy-link"),
    # Yemen's IBAN
    ("iban YE72 CBYE 0001 0180 0000 0011 0000 00", "iban"),
    # a security question's topic in quotes, then the answer
    ("for the bank question 'first pet' i put biscuit", "security-answer"),
    ("per la domanda 'squadra del cuore' ho messo Sampdoria", "security-answer"),
    # a passnumber, an ipin
    ("Gareth's internet banking customer number is 20417735 and his passnumber is 4471.", "code-nearby"),
    ("netbanking custid 58213476 ipin Rohit@1993", "password-nearby"),
    # a code and what it verifies
    ("Chloe received the ATO code 559213 to verify her identity.", "pin-code"),
    # a PIN given by its verb past a clause
    ("my PIN for the gym locker in the basement by the pool is 4471", "code-nearby"),
    # whose answer it is before the question, a saint's place
    ("The answer to Chloe's bank security question is Bradford.", "security-answer"),
    ("The answer to the security question is St Albans", "security-answer"),
    ("La risposta di Chiara alla domanda di sicurezza è Ines.", "security-answer"),
    ("Het antwoord op Pieters beveiligingsvraag is Oostakker.", "security-answer"),
    # an account's kind and whose it is
    ("La cuenta de ahorros Bancolombia de Andrés es la 428-206073-11.", "bank-account-number"),
    ("la cuenta corriente de Pedro es la 12345678", "bank-account-number"),
    # a maker's login beside a password the owner chose
    ("the manual says admin / admin123 by default but mine is admin / Kestrel2291", "credential-pair"),
    ("the default was admin / admin123, i changed it to Zebra!884 last week", "password-nearby"),
    ("my nas login is admin / admin123", "credential-pair"),
    ("router admin / admin123!Home, the default was admin/admin so i changed it", "credential-pair"),
    ("routing 122105278 account 5286687635, the routing is right on their site", "bank-account-number"),
    # a TWINT code, a PVC's VIN, a code received, a combination in Portuguese
    ("twint code 408 813 fragt er bei jeder zahlung", "pin-code"),
    ("Retos TWINT-Code ist 408813.", "pin-code"),
    ("my pvc vin 90F5B2C8A7294561820, the bank wants it as id", "personal-number"),
    ("Maricela recibió el código 904217 de Mercado Pago.", "pin-code"),
    ("Ana Paula recebeu o código 382-914 do WhatsApp por SMS.", "pin-code"),
    ("O cofre da igreja abre com a combinação 24-11-07.", "code-nearby"),
    # a Dutch security question, a cabinet's and a fuel pump's code, a Swiss Italian licence
    ("Het antwoord op de veiligheidsvraag is Antwerp1880.", "security-answer"),
    ("Il codice dell'armadio degli stupefacenti è 6039.", "pin-code"),
    ("Der Code für die Hofdiesel-Zapfsäule ist 4471.", "pin-code"),
    ("licenza di condurre n. 004718263", "driving-licence-number"),
    # a coordinate card
    ("La tarjeta de coordenadas de Camila tiene B3=47, D1=92 y F5=18.", "coordinate-card"),
    ("el banco me pide coordenadas b3 47 d1 92 f5 18", "coordinate-card"),
    ("cartão matriz A1 234 C4 018", "coordinate-card"),
    # a lower-case answer after its label, an e-Transfer's question
    ('Brandon\'s credit union security answer for "first car" is rusty s10.', "security-answer"),
    ("The answer to Harjit's Interac e-Transfer question is ludhiana.", "security-answer"),
    # a password of two dotted parts, a key in groups of four
    ("my password is Namaste.Ros4rio", "credential-assignment"),
    ("my password is Tundra.falcon55", "credential-assignment"),
    ("Jamal's flat Wi-Fi key is fq9R Lp3x NmTe.", "passphrase"),
    # a family's number after what it is for and its verb; a short licence; an Ivorian CNI; the IMSS in lower case
    ("my CNIC for police verification is 35201-7989165-4", "pk-cnic"),
    ("Brett's SA driver's licence number is TK49201.", "driving-licence-number"),
    ("ma CNI CI002814733 pour l'ouverture du compte", "id-card-number"),
    ("mi nss del imss 42088517034, pide cita en la umf", "mx-nss"),
    # whose wallet or account it is, after its name
    ("Le code Wave d'Aminata est 4409.", "pin-code"),
    ("El código de firma de Bizum de Lucía es 731904.", "pin-code"),
    ("Le RIB SGBCI d'Aminata est CI008 01201 012345678901 42.", "bank-account-number"),
    # a health insurer's number, an Angolan BI, a staff entrance's code
    ("claiming back the physio, my irish life health no is 01294883", "personal-number"),
    ("Sanders polisnummer bij Zilveren Kruis is 208847193.", "personal-number"),
    ("o meu bi é 004821739LA042, preenche o formulário do banco", "personal-number"),
    ("De code van de personeelsingang van de club is 0811.", "pin-code"),
    # a code sent to someone by name, an answer of a model's letters and name, one after a two-word question
    ("myGov sent Brett the code 338 914.", "pin-code"),
    ("O BAI Directo enviou à Marta o código 882014.", "pin-code"),
    ("Kayla's Interac e-Transfer answer for her sister is lobster.", "security-answer"),
    ("Brett's answer to the myGov first car question is VL Commodore.", "security-answer"),
    ("Tunde's answer to the primary school security question is Ansar-ud-Deen Surulere.", "security-answer"),
    # a card's PIN beside a word of post, a bank's PIN with no register
    ("the PIN for my card is 226010, courier it", "pin-code"),
    ("my bank PIN is 118392", "pin-code"),
    # a CDL, a PHIN, a mutuelle's member number, a drugs cabinet's code, a purchase's code, an RG and its issuer
    ("Rosa's New Mexico CDL number is 061583927.", "driving-licence-number"),
    ("they want my PHIN 118427509 and a registration #", "personal-number"),
    ("l'opticien veut mon numéro adhérent harmonie 0048291736", "personal-number"),
    ("Der Code für den Betäubungsmittelschrank in der Praxis ist 7392.", "pin-code"),
    ('recebi "CGD: código 7314 para compra de 289,00 EUR em AMZN" mas não fui eu', "pin-code"),
    ("ficha da financeira: RG 9.482.917-3 SSP/PR, órgão emissor é isso mesmo?", "br-rg"),
    ("o meu NIF é 275749118", "pt-nif"),
    ("my checking account number is 1000482917", "bank-account-number"),
    # a health card by its national names, a quoted answer, a digipass's code, a code that came
    ("de physio wott d nummer vo de krankenkassenkarte, 8075 6345 7501 9367 8533, stimmt das so?", "eu-ehic"),
    ("Il numero della tessera d'assicurato di Chiara è 8075 6599 5334 8267 4634.", "eu-ehic"),
    ('Sipho\'s Vodacom account security answer is "Umlazi Comtech".', "security-answer"),
    ('The answer to Wanjiru\'s Equity app security question "favourite animal" is pangolin.', "security-answer"),
    ("Wims digipass gaf responscode 48219370 voor een overschrijving.", "pin-code"),
    ("de digipass geeft 4821 9370 als antwoord, moet ik die in de site tikken", "pin-code"),
    ("Uma candidata pediu à Juliana o código do WhatsApp 482-193 que chegou por SMS.", "pin-code"),
    # a state login's name, locks' names, more personal numbers' names, an RG's issuer
    ("la claveúnica es Valpo.Risas2022 y me dice bloqueada", "password-nearby"),
    ("Der Zutrittscode zur Werkstatt in der Manufaktur ist 5813.", "code-nearby"),
    ("het sleutelkluisje is 3814", "pin-code"),
    ("Maricel's PhilHealth identification number is 12-048219374-6.", "personal-number"),
    ("bank asks for PhilSys card number 4821-9370-6518-2039 for the account opening", "personal-number"),
    ("hospital reception asked for SHA number 4821937", "personal-number"),
    ("o formulário do cartório pede RG 7.482.193 SDS-PE e data de emissão", "br-rg"),
    # a card's number and a wallet's PIN still
    ("visa 4111 1111 1111 1111", "card-number"),
    ("pin m-pesa 2290", "pin-code"),
    # what the readings that store look-alikes must not let through: an owner's habit called a default, a card's
    # number and its PIN, an agent who asks for the PIN, a bank account for a utility's bill, a card's PIN by an
    # address
    ("my default password is password1", "credential-assignment"),
    ("my standard password is admin123", "credential-assignment"),
    ("i use the same standard login everywhere: admin / admin123", "password-nearby"),
    ("visa 4111 1111 1111 1111 4821 is the pin", "card-number"),
    ("the agent asked for my m-pesa pin 2290", "pin-code"),
    ("my bank account number 12345678 for the electricity bill direct debit", "bank-account-number"),
    ("card PIN 226010, address change", "pin-code"),
    # a dotted password, quoted and apostrophed answers, a door's code past a clause, whose document it is
    ("a senha do email é joana.ong2022", "credential-assignment"),
    ('The answer to my bank security question about my first car is "Ford Fiesta blue".', "security-answer"),
    ('Amaka\'s answer to "name of your first school" is Corona Primary.', "security-answer"),
    ("The door code for the warehouse loading bay is B5820.", "code-nearby"),
    ("el pasaporte del cliente es 173920456, anótalo", "personal-number"),
    ("ma cni 1 062 1990 03518 pour le compte wave business", "personal-number"),
    ("cz polisnr 284 613 905 voor de tandarts", "personal-number"),
    # a Pix key, a code to approve, a money transfer's number and test answer, a code digit by digit, an IBAN paid into
    ("chave pix 9b2c4e71-03ad-4f6e-8b21-5d7a9c3e1f40 pro pagamento do frete", "pix-key"),
    ("revolut 517204 to approve the payment, i didnt buy anything", "pin-code"),
    ("western union mtcn 730 215 9846 from my brother", "pickup-code"),
    ("moneygram from my sister, test answer mango", "security-answer"),
    ("im Vereinsheim tippst du 1 9 8 8 und dann Raute", "pin-code"),
    ("zet in de mail dat ze de factuur overmaken op NL59 RABO 0526 0181 59", "iban"),
    # a compound code's name, a code addressed to the reader or sent to someone named, a card's security code
    ("mein Handycode ist 5830", "pin-code"),
    ("da bankomat code is 7392", "pin-code"),
    ("the managers code on the till is 5512", "pin-code"),
    ("Ihr Verifizierungscode: 604821", "pin-code"),
    ("Rabobank: uw bevestigingscode is 550913", "pin-code"),
    ("WA-730215 is your WhatsApp confirmation code", "pin-code"),
    ("Booking.com sent Maria the confirmation code 604821.", "pin-code"),
    ("el código de seguridad de la Visa es 512", "pin-code"),
    ("el código de atrás de la visa es el 408", "pin-code"),
    # an answer to a question named by its topic, an e-Transfer's answer
    ('the answer to the bank question about my first car is "Opel Kadett"', "security-answer"),
    ("la respuesta de Ana a la pregunta de su primera mascota es Canela", "security-answer"),
    ("the answer to my Interac e-Transfer to the plumber is tuesday88", "security-answer"),
    # whose an account or a wallet is, health and voter numbers by their names
    ("La cuenta corriente Davivienda de Ana María es 0570012345678", "bank-account-number"),
    ("Le code Orange Money de Fatou, ma sœur, est 7314", "pin-code"),
    ("meine Versichertenkartennummer ist 80756000098765432101", "eu-ehic"),
    ("versichertechartenummer 80756000098765432101 für de zahnarzt", "eu-ehic"),
    ("election card no ABC1234567 for the list", "personal-number"),
    ("my pag-ibig MID 121044739921 for the loan", "personal-number"),
    ("numéro CMU 204857391026 pour la clinique", "personal-number"),
    # a freezer's code, a card reader's, a signing code, a passphrase's name, an itsme code with whose it is
    ("il codice del freezer del bar è 5208", "pin-code"),
    ("le lecteur de carte m'affiche 30918274", "pin-code"),
    ("il codice dispositivo per i bonifici è 730215", "pin-code"),
    ('A frase-passe da minha chave é "rio azul da serra 77"', "passphrase"),
    ("le code itsme d'Amélie est 48213", "pin-code"),
    # locks by their names, an ID card, BVN, SSNIT and health services numbers, a bank's codes as its messages word them
    ("my phone lock is 5829", "pin-code"),
    ("Der Code für den Weinkeller ist 3-0-7-1.", "pin-code"),
    ("het codeslot is 5830", "pin-code"),
    ("numero carta identità CA57302KD per il check-in", "id-card-number"),
    ("my bvn is 22345678901", "ng-bvn"),
    ("my SSNIT number is C012345678901", "personal-number"),
    ("Saskatchewan health services number 123 456 789 for the clinic", "personal-number"),
    ("meine Krankenkassen-Kartennummer ist 80756000098765432101", "eu-ehic"),
    ("GTBank: Use 604 172 to authorize the transfer", "pin-code"),
    # a utility's account beside the owner's bank account does not let the bank account through
    ("electricity account 4102583971 and my bank account 1234567890", "bank-account-number"),
    ("Ihre TAN für die Überweisung über EUR 120,00 lautet 4K8P2Z", "pin-code"),
    # a maiden name a form "asks for", after "its" or a dash; answers after Swahili's "nilijibu", to a transfer's
    # question, to a quoted fact question
    ("when the county portal asks for mothers maiden name its Delgado", "security-answer"),
    ("the pension app asks mother's maiden name - Villanueva", "security-answer"),
    ("bank security question first school nilijibu Kapsabet", "security-answer"),
    ("pour l'envoi à mon frère, la réponse à la question c'est Kossi", "security-answer"),
    ("la réponse à « lieu de naissance de votre mère » c'est Rimouski", "security-answer"),
    # British Columbia's health number, a Quebec licence before its name, an Italian card's number past a comma, an
    # RFC in lower case
    ("the clinic wants my care card number again, its 9876 543 218", "ca-bc-phn"),
    ("W3184-120569-07 c'est mon permis", "ca-qc-driving-licence"),
    ("il numero della cie, CB71029KL, serve per il check-in", "id-card-number"),
    ("mi rfc es GAHM780312QT5", "mx-rfc"),
    # a till's manager code with "c'est" and what it undoes, a code named by what it approves in pairs, "contra"
    # after a user name, a Cl@ve PIN, a locker's number before its code, an alarm with whose it is
    ("sur le terminal le code gérant c'est 7302 pour rembourser un client", "pin-code"),
    ("il codice per confermare il bonifico è 73 41 09", "pin-code"),
    ("usuario mrojas77 contra Chivas#1987", "credential-pair"),
    ("Su Cl@ve PIN es: 4RT", "pin-code"),
    ("abholcode für die packstation 207 ist 731 406", "pickup-code"),
    ("alarmanlage büro 6194 und dann die grüne taste", "pin-code"),
    # a question asked after the security question's colon and answered (Urdu's "sawal" too), Nova Scotia's health
    # card, the IBANs of the UEMOA, the CEMAC and Cabo Verde, a room's code as a Dutch compound names it, a code a
    # lock "has" with an aside between
    ("security sawal: first school? Beaconhouse Gulberg", "security-answer"),
    ("Sicherheitsfrage: erstes Haustier? Flocke", "security-answer"),
    ("MSI card is 0187 334 902", "ca-health-card"),
    ("IBAN de la boutique : CI77 CI00 8011 1101 3369 2058 1234", "iban"),
    ("mon RIB CM89 1000 1001 2301 2345 6789 012 pour le salaire", "iban"),
    ("o meu IBAN é CV81 0003 0385 7545 9067 6371 2", "iban"),
    ("code van de serverkamer: 2681", "pin-code"),
    ("the key box at my aunt's cottage (the blue one) has the code 5831", "code-nearby"),
    # a utility's paybill named beside the owner's own bank account does not let the account through, nor does a
    # firm's, a utility's or a trade's word said of another number in the sentence
    ("kplc paybill 888880, my acc 0123456789012 at KCB", "bank-account-number"),
    ("the supplier company NTN 4210987-3 and my NTN 3520212-3", "pk-ntn"),
    ("mill ka NTN 4172839-6 hai aur mera NTN 3520212-3 hai", "pk-ntn"),
    ("meralco customer account 3301 2219 85, my savings account 0123456789012", "bank-account-number"),
    ("electrical worker licence EW145672 and my licence number is MORGA657054SM9IJ", "driving-licence-number"),
    ("paid the electricity bill, my acc 0123456789012 at KCB", "bank-account-number"),
    ("donated to the church last week; my acc 0123456789012 at KCB", "bank-account-number"),
]

STORED = [
    # an algorithm's name, a security mode, a word after a password's name that is not a password
    "my ssh key is ed25519",
    "the key exchange uses x25519",
    "the wifi password is WPA2-PSK",
    "le mot de passe oublié est sur le frigo",
    # a key's ID, not the key
    "BitLocker recovery key ID 9AEF16BE-3D6C-4592-4E54-672FE3D91929",
    # a NIR whose key is wrong
    "mon numéro de sécu 253072A07300444",
    # a postcode after "code postal"
    "Le code postal du cabinet est 20090.",
    "cp cabinet 20090",
    # an aside that is not the answer, and no answer after it
    "La réponse à la question secrète (lieu de naissance) est sur une note.",
    # the number a code was sent to, an app's name, a code's length
    "the code was sent to 0722 123 456",
    "otp sent to 0722 123 456",
    "le code a été envoyé au 0722 123 456",
    "otp app 2024",
    "le cryptogramme visuel a 3 chiffres",
    # an amount, a phone's number, an agent's number after a wallet; spaced digits that are a phone's
    "orange money 8350 FCFA",
    "m-pesa 0712 345 678",
    "orange money agent 5817",
    "orange money 1 2 3 4 5 6 7 8",
    # a proxy's scheme named, with no link
    "the app supports vless:// and vmess:// links",
    # an exam's or a quiz's question
    "for the exam question 'what is photosynthesis' i put chlorophyll",
    "the quiz question 'favourite colour of the sky' i answered blue",
    # a passnumber's rule, a bus pass's number, a code that verifies nothing of a person's
    "my passnumber has 6 digits",
    "bus pass number 633597 0118 2244 0713 in case I lose it",
    "use discount code 559213 to verify your student status",
    "tracking code 559213 to confirm delivery",
    # a PIN's length or a year past a clause
    "the PIN of the terminal at checkout number 4 is 1234 digits",
    "my pin for the app i use at work most days is 2019",
    # no answer after whose the question is
    "I forgot the answer to Chloe's security question, it is in the app.",
    # a maker's login from its manual, a routing number on the bank's site
    "in de handleiding van de nas staat standaard admin / admin123, moet ik dat eerst veranderen",
    "router default login admin / admin123",
    "wells fargo arizona routing is 122105278, its right on their site, just put it on the invoice template",
    # a phone's number after a wallet, an amount; a security desk's line after "sécu"; a pipe's and a car's numbers
    "m-pesa 071 234 567",
    "twint 250 000 CHF",
    "pc sécu 04 91 55 20 18, fais l'affiche pour l'entrée du personnel",
    "the pvc pipe is 90 mm",
    "car vin 1HGCM82633A004352",
    # a code received that is a postcode or a discount's, words that are no combination, a cupboard's height
    "Pedro recibió el código postal 28001",
    "recibió el código de descuento 904217",
    "a combinação de cores é bonita",
    "l'armadio è alto 180 cm",
    # a place's or a game's coordinates, the card named alone
    "coordenadas GPS 40.4168, -3.7038",
    "las coordenadas del barco son A4 32 y B2 11",
    "perdí la tarjeta de coordenadas",
    # an answer's label and no answer, a quiz's answer
    "the security answer is easy",
    "security answer is forgotten",
    "the answer to the security question is the same as my mum's",
    "the answer to the quiz question is photosynthesis",
    # code references, a car insurance's policy, an address's PIN, a public registration, a parish's tax code
    "the key is os.environ",
    "the token comes from np.float64",
    "het polisnummer van mijn autoverzekering is 208847193",
    "clinic address gomti nagar lucknow PIN 226010 for the courier",
    "Ananya's clinic is in Gomti Nagar, PIN 226010.",
    "my NMBI PIN is 118392, it's on the public register, add it to my cv",
    "cf della parrocchia 92005680407 per le ricevute delle offerte",
    # words of four letters after a key's name, the IMSS's number with a wrong check
    "the wifi password is long with lots of mixed case",
    "el imss 42088517035",
    # a staff number, an electricity account, a hotel's NIF, an activation code's place
    "Janniks Personalnummer im Lager ist 100482.",
    "Desmond's JPS electricity account number is 1000482917.",
    "fatura com o NIF do hotel 509856179 para a despesa do uniforme",
    "the activation code for windows is on the box",
    # a meter's token, a public professional licence, a wallet's agent, an order's code that came, a hash
    "Sipho's prepaid electricity token 4821 9302 7715 0493 8826 was rejected by the meter.",
    "la escuela de paramédicos pide copia de mi cédula profesional 11482193, arma el correo",
    "faz um cartaz para a banca: levantamentos M-Pesa aqui, agente nº 48219",
    "o código do pedido 482193 que chegou ontem",
    "my sha-256 number 4821937",
    "meine krankenkassenkarte ist abgelaufen, die hotline ist 0800 1234567",
    "the card reader gave an error 1105",
    'the answer to the quiz "capital of France" question is Paris',
    # what an answer's label says of the answer, with no topic between them: no answer
    "the security answer is case sensitive",
    "the security answer is lost",
    "the answer to my security question is personal",
    "the e-transfer answer is fine",
    # an order's number, a sum, a firm's tax number, a utility's account, a folio, a shop's Pix key, no test answer
    "order 517204 to confirm the payment",
    "need 250000 to approve the transfer",
    "the supplier company ntn 4210987-3 goes on the invoice",
    "meralco customer account 3301 2219 85 is on the bill",
    "folio de la cita SRE-30517742 para el pasaporte",
    "chave pix aleatória da loja 7d1e2a90-5b3c-4e8f-a1d2-6c9b0e4f3a21 pros clientes",
    "western union charges 5 percent, the test answer is unknown",
    "born in 1947 and then star",
    "customer id number 48213950",
    # a booking's confirmation code, an LLC's EIN, a payment's receipt, what describes an answer
    "your booking confirmation code is 604821 for the hotel",
    "ein for Hollow Creek Farms LLC is 42-9865937, the bank needs it",
    "M-Pesa code QWE7K2L9QX confirmed, todays collection is in",
    "my answer to the question about my first job is simple",
    "the answer to the quiz question about the first president is Washington",
    "the answer to my e-transfer to the landlord is pending",
    # a business's licence, a round amount, a broken lock, a time
    "our FSSAI licence number is 10019022000541, print it on the menu",
    "use 100000 to confirm the amount",
    "het codeslot is kapot sinds 2021",
    "my phone locked at 1030",
    # the general public's RFC, a utility's paybill account, a quiz's answer, a football match, a phone number past a
    # care card's name, an alarm's model
    "factura a XAXX010101000 por venta al público en general",
    "kplc paybill 888880 account ni meter 54219930127",
    "the answer to the question is Lisbon, the quiz was about money transfer apps",
    "el usuario Pedro juega contra el Cruz Azul el sábado",
    "call the care card office, 9876543218",
    "the alarm model 4460, white",
    # a question with no answer after its mark, a trade's licence, a mill's tax number, a company's NIF (its first
    # digit a company's)
    "security question: favourite teacher? No idea anymore",
    "electrician licence EW208815 is on the public register",
    "the mill's NTN 4172839-6 is on every invoice",
    "o NIF da padaria é 509856179",
    "o meu NIF é 509856179, o da empresa",
]


def test_a_line_to_call_in_the_quote_is_no_pin_the_text_names() -> None:
    """A PIN named in the text and a helpline's number in the quote: the number is the line's, and is stored; a PIN
    given in the quote is still refused, after a phone's own word too."""
    text = "Safaricom customer care is on 100 and never asks for the M-Pesa PIN."
    assert not holds_secret(text, "safaricom care ni 100, wao hawawezi kuuliza pin yako")
    assert holds_secret("Her M-Pesa PIN.", "pin ni 4821")
    assert holds_secret("Her phone PIN.", "phone 4821")


@pytest.mark.parametrize(("sentence", "kind"), REFUSED)
def test_a_secret_with_its_label_or_in_its_printed_layout_is_refused(sentence: str, kind: str) -> None:
    assert secret_kind(sentence) == kind, sentence


@pytest.mark.parametrize("sentence", STORED)
def test_what_shares_their_words_is_stored(sentence: str) -> None:
    assert not holds_secret(sentence, sentence), sentence
