"""The identity-number checks written from their published algorithms agree with python-stdnum's, the reference
they are compared with (a test-only dependency; the plugin never imports it): on numbers whose every check
character is tried after a prefix of the number's own shape (a real birth date, a region), so that one in each
batch passes and the others fail by their check alone, and on random runs of digits. Where the published format
and stdnum differ on purpose, the numbers compared keep to what both read the same (a Swedish samordningsnummer,
which stdnum refuses, is left out; an Estonian code's first digit is 1 to 6)."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from datetime import date, timedelta

import pytest
from stdnum.az import voen
from stdnum.bg import egn
from stdnum.cn import ric
from stdnum.cz import rc
from stdnum.dk import cpr
from stdnum.do import cedula
from stdnum.ec import ci
from stdnum.ee import ik
from stdnum.fi import hetu
from stdnum.gr import amka
from stdnum.gr import vat as gr_vat
from stdnum.hr import oib
from stdnum.il import idnr
from stdnum.is_ import kennitala
from stdnum.jp import in_ as my_number
from stdnum.kr import rrn
from stdnum.lt import asmens
from stdnum.md import idno
from stdnum.mu import nid
from stdnum.no import fodselsnummer
from stdnum.pl import pesel
from stdnum.py import ruc as py_ruc
from stdnum.ro import cnp
from stdnum.ru import inn
from stdnum.se import personnummer
from stdnum.si import emso
from stdnum.sv import nit as sv_nit
from stdnum.th import pin
from stdnum.tr import tckimlik
from stdnum.ua import rntrc

from personakit_plugin.default_plugins.secrets.ids_asia import (
    cn_resident_id_valid,
    hkid_valid,
    jp_my_number_valid,
    kr_rrn_valid,
    kz_iin_valid,
    th_national_id_valid,
    tw_national_id_valid,
)
from personakit_plugin.default_plugins.secrets.ids_asia_central_south import az_voen_valid
from personakit_plugin.default_plugins.secrets.ids_east_europe import (
    afm_valid,
    amka_valid,
    cnp_valid,
    egn_valid,
    hu_tax_id_valid,
    jmbg_valid,
    md_idnp_valid,
    oib_valid,
    pesel_valid,
    rodne_cislo_valid,
    ru_inn_valid,
    snils_valid,
    taj_valid,
    ua_rnokpp_valid,
)
from personakit_plugin.default_plugins.secrets.ids_india_africa import mu_nic_valid
from personakit_plugin.default_plugins.secrets.ids_latin_america import (
    do_cedula_valid,
    ec_cedula_valid,
    gt_cui_valid,
    py_ruc_valid,
    sv_dui_valid,
    sv_nit_valid,
)
from personakit_plugin.default_plugins.secrets.ids_levant_caucasus import ps_id_valid
from personakit_plugin.default_plugins.secrets.ids_middle_east import (
    emirates_id_valid,
    il_id_valid,
    ir_national_code_valid,
    kw_civil_id_valid,
    sa_id_valid,
    tr_kimlik_valid,
)
from personakit_plugin.default_plugins.secrets.ids_nordic_baltic import (
    baltic_personal_code_valid,
    dk_cpr_valid,
    fi_hetu_valid,
    is_kennitala_valid,
    lv_personas_kods_valid,
    no_fodselsnummer_valid,
    se_personnummer_valid,
)

_DIGITS = "0123456789"
_PREFIXES = 120  # each tried with every check character: about 1,200 numbers a check, one in ten or so valid
_RANDOM = 600


def _digits(rnd: random.Random, count: int) -> str:
    return "".join(rnd.choice(_DIGITS) for _ in range(count))


def _birth(rnd: random.Random, first: int = 1930, last: int = 2020) -> date:
    return date(first, 1, 1) + timedelta(days=rnd.randrange((date(last, 12, 31) - date(first, 1, 1)).days))


def _se(rnd: random.Random) -> str:
    born = _birth(rnd)
    return born.strftime("%y%m%d") + _digits(rnd, 3)


def _no(rnd: random.Random) -> str:
    born = _birth(rnd, 1940, 2020)
    individual = rnd.randrange(0, 500) if born.year < 2000 else rnd.randrange(500, 1000)
    return born.strftime("%d%m%y") + f"{individual:03d}"  # the two check digits: tried as 00 to 99 below


def _dk(rnd: random.Random) -> str:
    born = _birth(rnd, 1940, 1999)
    return born.strftime("%d%m%y") + rnd.choice("0123") + _digits(rnd, 2)


def _fi(rnd: random.Random) -> str:
    born = _birth(rnd, 1930, 2020)
    sign = rnd.choice("-UVWXY") if born.year < 2000 else rnd.choice("ABCDEF")
    return born.strftime("%d%m%y") + sign + f"{rnd.randrange(2, 900):03d}"


def _is(rnd: random.Random) -> str:
    born = _birth(rnd, 1930, 1999)
    return born.strftime("%d%m%y") + _digits(rnd, 2)  # then the check digit and the century's


def _baltic(rnd: random.Random) -> str:
    born = _birth(rnd)
    sex = rnd.choice("12")
    return str((born.year // 100 - 18) * 2 + int(sex)) + born.strftime("%y%m%d") + _digits(rnd, 3)


def _pesel(rnd: random.Random) -> str:
    born = _birth(rnd, 1930, 2020)
    month = born.month + (20 if born.year >= 2000 else 0)
    return born.strftime("%y") + f"{month:02d}" + born.strftime("%d") + _digits(rnd, 4)


def _rc(rnd: random.Random) -> str:
    born = _birth(rnd, 1954, 2020)
    month = born.month + rnd.choice((0, 50, 20, 70) if born.year >= 2004 else (0, 50))
    return born.strftime("%y") + f"{month:02d}" + born.strftime("%d") + _digits(rnd, 3)


def _cnp(rnd: random.Random) -> str:
    born = _birth(rnd)
    sex = rnd.choice("12") if born.year < 2000 else rnd.choice("56")
    county = rnd.choice([*range(1, 49), 51, 52, 70])
    return sex + born.strftime("%y%m%d") + f"{county:02d}" + _digits(rnd, 3)


def _egn(rnd: random.Random) -> str:
    born = _birth(rnd)
    month = born.month + (40 if born.year >= 2000 else 0)
    return born.strftime("%y") + f"{month:02d}" + born.strftime("%d") + _digits(rnd, 3)


def _jmbg(rnd: random.Random) -> str:
    born = _birth(rnd)
    return born.strftime("%d%m") + f"{born.year % 1000:03d}" + rnd.choice(("50", "55", "59")) + _digits(rnd, 3)


def _amka(rnd: random.Random) -> str:
    return _birth(rnd).strftime("%d%m%y") + _digits(rnd, 4)


def _cn(rnd: random.Random) -> str:
    # Regions whose codes have not changed since 1930: stdnum reads a code against the years it was in use.
    region = rnd.choice(("110101", "110102", "110105", "310101", "310104"))
    return region + _birth(rnd).strftime("%Y%m%d") + _digits(rnd, 3)


def _kr(rnd: random.Random) -> str:
    born = _birth(rnd)
    sex = rnd.choice("12") if born.year < 2000 else rnd.choice("34")
    return born.strftime("%y%m%d") + sex + f"{rnd.randrange(0, 96):02d}" + _digits(rnd, 3)


def _ec(rnd: random.Random) -> str:
    return f"{rnd.randrange(1, 25):02d}" + rnd.choice("012345") + _digits(rnd, 6)


def _ua(rnd: random.Random) -> str:
    # The first five digits a birth date, days since 31 December 1899, as ours reads and stdnum does not.
    return f"{(_birth(rnd) - date(1899, 12, 31)).days:05d}" + _digits(rnd, 4)


def _mu(rnd: random.Random) -> str:
    return rnd.choice("ABCDEFGHJKLMNPRSTW") + _birth(rnd).strftime("%d%m%y") + _digits(rnd, 6)


def _plain(count: int, first: str = _DIGITS) -> Callable[[random.Random], str]:
    return lambda rnd: rnd.choice(first) + _digits(rnd, count - 1)


_HETU_CHECKS = "0123456789ABCDEFHJKLMNPRSTUVWXY"
_TWO = [f"{n:02d}" for n in range(100)]

# Each check: ours, stdnum's, a prefix of the number's shape, the check characters tried after it, and the
# length of random runs of digits compared too (0: none, where a random run has no shape either reads).
CHECKS = {
    "se-personnummer": (se_personnummer_valid, personnummer.is_valid, _se, _DIGITS, 0),
    "no-fodselsnummer": (no_fodselsnummer_valid, fodselsnummer.is_valid, _no, [f"{n:02d}" for n in range(100)], 11),
    "dk-cpr": (dk_cpr_valid, cpr.is_valid, _dk, _DIGITS, 10),
    "fi-henkilotunnus": (fi_hetu_valid, hetu.is_valid, _fi, _HETU_CHECKS, 0),
    "is-kennitala": (is_kennitala_valid, kennitala.is_valid, _is, [f"{n}9" for n in range(10)], 0),
    "ee-isikukood": (baltic_personal_code_valid, ik.is_valid, _baltic, _DIGITS, 0),
    "lt-asmens-kodas": (baltic_personal_code_valid, asmens.is_valid, _baltic, _DIGITS, 0),
    "pl-pesel": (pesel_valid, pesel.is_valid, _pesel, _DIGITS, 11),
    "cz-sk-rodne-cislo": (rodne_cislo_valid, rc.is_valid, _rc, _DIGITS, 0),
    "ro-cnp": (cnp_valid, cnp.is_valid, _cnp, _DIGITS, 13),
    "bg-egn": (egn_valid, egn.is_valid, _egn, _DIGITS, 10),
    "hr-oib": (oib_valid, oib.is_valid, _plain(10), _DIGITS, 11),
    "si-emso": (jmbg_valid, emso.is_valid, _jmbg, _DIGITS, 13),
    "gr-amka": (amka_valid, amka.is_valid, _amka, _DIGITS, 11),
    "gr-afm": (afm_valid, gr_vat.is_valid, _plain(8), _DIGITS, 9),
    "tr-kimlik": (tr_kimlik_valid, tckimlik.is_valid, _plain(9, "123456789"), [f"{n:02d}" for n in range(100)], 11),
    "il-teudat-zehut": (il_id_valid, idnr.is_valid, _plain(8), _DIGITS, 9),
    "cn-resident-id": (cn_resident_id_valid, ric.is_valid, _cn, _DIGITS + "X", 0),
    "kr-rrn": (kr_rrn_valid, rrn.is_valid, _kr, _DIGITS, 0),
    "jp-my-number": (jp_my_number_valid, my_number.is_valid, _plain(11), _DIGITS, 12),
    "th-national-id": (th_national_id_valid, pin.is_valid, _plain(12, "12345678"), _DIGITS, 0),
    "ec-cedula": (ec_cedula_valid, ci.is_valid, _ec, _DIGITS, 0),
    "do-cedula": (do_cedula_valid, cedula.is_valid, _plain(10), _DIGITS, 0),
    "ru-inn": (ru_inn_valid, lambda number: len(number) == 12 and inn.is_valid(number), _plain(10), _TWO, 12),
    "ua-rnokpp": (ua_rnokpp_valid, rntrc.is_valid, _ua, _DIGITS, 0),
    # stdnum's IDNO, a firm's number, has the check a person's IDNP has; a person's begins with 0 or 2.
    "mu-nic": (mu_nic_valid, nid.is_valid, _mu, _DIGITS + "ABCDEFG", 0),
    "md-idnp": (md_idnp_valid, idno.is_valid, _plain(12, "02"), _DIGITS, 0),
    # A person's VÖEN ends in 2 (a firm's in 1, which ours leaves): its check digit is the ninth, before it.
    "az-voen": (az_voen_valid, voen.is_valid, _plain(8), [f"{n}2" for n in range(10)], 0),
    # A Palestinian identity number has the Teudat Zehut's check, always in nine digits.
    "ps-id": (ps_id_valid, idnr.is_valid, _plain(8, "489"), _DIGITS, 9),
    # A person's RUC is the cédula, below the 80000000 where firms' begin, a dash and the check digit.
    "py-ruc": (lambda n: py_ruc_valid(f"{n[:-1]}-{n[-1]}"), py_ruc.is_valid, _plain(7, "1234567"), _DIGITS, 0),
    "sv-nit": (sv_nit_valid, sv_nit.is_valid, _plain(13, "019"), _DIGITS, 0),
}


def _numbers(kind: str) -> Iterator[str]:
    rnd = random.Random(kind)
    _, _, prefix, checks, random_length = CHECKS[kind]
    for _ in range(_PREFIXES):
        start = prefix(rnd)
        for check in checks:
            yield start + check
    for _ in range(_RANDOM if random_length else 0):
        yield _digits(rnd, random_length)


@pytest.mark.parametrize("kind", sorted(CHECKS))
def test_each_check_agrees_with_the_reference(kind: str) -> None:
    ours, theirs, *_ = CHECKS[kind]
    numbers = list(_numbers(kind))
    valid = [number for number in numbers if theirs(number)]
    assert len(valid) >= _PREFIXES // 2, kind  # the prefixes make numbers the reference reads as valid
    disagree = [number for number in numbers if ours(number) != theirs(number)]
    assert not disagree, (kind, disagree[:5])


# Checks stdnum does not have: the examples their issuers publish, and the same with one character changed.
@pytest.mark.parametrize(
    ("check", "valid", "invalid"),
    [
        (hkid_valid, "A123456(3)", "A123456(4)"),
        (hkid_valid, "G123456(A)", "G123456(1)"),
        (hkid_valid, "AB987654(3)", "AB987654(2)"),
        (tw_national_id_valid, "A123456789", "A123456788"),
        (emirates_id_valid, "784-1968-6570305-0", "784-1968-6570305-1"),
        (sa_id_valid, "1513613412", "1513613413"),
        (taj_valid, "100474392", "100474393"),
        (hu_tax_id_valid, "8373537996", "8373537997"),
        (lv_personas_kods_valid, "150385-11378", "150385-11379"),
        (gt_cui_valid, "2456789050101", "2456789060101"),
        (snils_valid, "112-233-445 95", "112-233-445 96"),
        (kz_iin_valid, "850315401231", "850315401232"),  # built by the published rule: none is published
        (kw_civil_id_valid, "288020122596", "288020122597"),
        (kw_civil_id_valid, "227081660516", "227081660517"),
        (ir_national_code_valid, "0084575948", "0084575949"),  # built by the published rule
        (sv_dui_valid, "00016297-5", "00016297-4"),
    ],
)
def test_each_check_stdnum_lacks_reads_its_published_examples(
    check: Callable[[str], bool], valid: str, invalid: str
) -> None:
    assert check(valid) and not check(invalid)


def test_every_country_of_the_iban_registry_has_its_length() -> None:
    """Each country in stdnum's copy of the IBAN registry is known with the length the registry gives it: a country
    missing was read as no IBAN at all (Yemen's, Burundi's and Honduras's were stored)."""
    from stdnum import numdb

    from personakit_plugin.default_plugins.secrets.ibans import _IBAN_LENGTHS

    registry = {
        country: 4 + sum(int(size) for size in re.findall(r"(\d+)!", fields["bban"]))
        for _, country, _, fields, _ in numdb.get("iban").prefixes
    }
    assert len(registry) > 80
    wrong = {country: (length, _IBAN_LENGTHS.get(country)) for country, length in registry.items()}
    assert {country: pair for country, pair in wrong.items() if pair[0] != pair[1]} == {}
