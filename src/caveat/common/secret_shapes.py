"""Credential families with a marked shape, for ``caveat.common.sanitize``.

Each row is ``(literal, case, pattern)``: the pattern is compiled and run only on a
value holding the literal (in the value itself when ``case``, else in its lower-cased
text), and it cannot match without it. A pattern opens with its literal where it can
and tests the boundary after it (``hf_(?<!\\whf_)`` is ``\\bhf_``), so the search
skips to the places the literal is; the rest is single bounded character classes, no
nested repeats. What a ``keep`` group matched stays in front of ``[redacted]``.
Several literals may share one pattern (it then runs once). A match holding a run of
eight of one character or the word "example" is a placeholder (``ghp_xxxx…``) and stays.
"""

from __future__ import annotations

_STRIPE = r"[rs](?<![\w-][rs])k_(?:live|test|prod)_[A-Za-z0-9]{10,99}"
_AWS_MORE = r"A(?<!\wA)(?:BIA|CCA|3T[A-Z0-9])[A-Z2-7]{16}(?![A-Za-z0-9])"
_GITLAB = (
    r"gl(?<!\wgl)(?:cbt-[0-9A-Za-z]{1,5}_|dt-|ffct-|ft-|imt-|agent-|oas-|ptt-|rt-|soat-|sa_|c_)"
    r"[0-9A-Za-z_+/=.-]{20,400}"
)
_SLACK_MORE = (
    r"x(?<!\wx)(?:oxe(?:\.xox[bp])?-[0-9]-[A-Za-z0-9]{100,300}"
    r"|app-[0-9]-[A-Za-z0-9]{1,40}-[0-9]{1,40}-[A-Za-z0-9]{1,300})"
)
_SHOPIFY = r"shp(?<!\wshp)(?:at|ca|pa|ss)_[A-Fa-f0-9]{32}"
_NEW_RELIC = r"NR(?<!\wNR)(?:AK|JS|II)-[A-Za-z0-9]{27,32}"
_SETTLEMINT = r"sm_(?<!\wsm_)[aps]at_[A-Za-z0-9]{16}"
_EASYPOST = r"EZ(?<![\w+/]EZ)[AT]K[A-Za-z0-9]{54}(?![A-Za-z0-9+/])"
_SENTRY = r"sntry(?:u_[a-f0-9]{64}(?![A-Za-z0-9])|s_[A-Za-z0-9+/=_]{64,400})"
_FLY_MACAROON = r"fm(?<!\wfm)(?:1[ar]|2)_[A-Za-z0-9+/]{100,2000}={0,3}"
_FLUTTERWAVE = r"FLW(?:SECK|PUBK)_TEST-[A-Za-z0-9]{12,32}(?:-X)?"
_HARNESS = r"[ps](?<!\w[ps])at\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{20}"
_SQUARE = r"sq0(?<!\wsq0)(?:atp|csp)-[\w-]{22,60}"
_FACEBOOK_APP = r"(?<![0-9])[0-9]{15,16}(?:\||%7[Cc])[0-9A-Za-z_-]{27,40}"
_DOPPLER = r"dp\.(?<!\wdp\.)(?:pt|st|ct|sa|scim|audit)\.[A-Za-z0-9]{40,44}"

FAMILIES: tuple[tuple[str, bool, str], ...] = (
    # payment and commerce
    ("k_live_", True, _STRIPE),
    ("k_test_", True, _STRIPE),
    ("k_prod_", True, _STRIPE),
    ("sq0", True, _SQUARE),
    ("EAAA", True, r"EAAA(?<!\wEAAA)[\w-]{60}(?![\w-])"),
    ("shp", True, _SHOPIFY),
    ("shippo_", True, r"shippo_(?:live|test)_[A-Fa-f0-9]{40}"),
    ("duffel_", True, r"duffel_(?:test|live)_[A-Za-z0-9_=-]{43}"),
    ("FLW", True, _FLUTTERWAVE),
    ("EZ", True, _EASYPOST),
    # cloud providers
    ("accountkey=", False, r"(?i)(?P<keep>AccountKey=)[A-Za-z0-9+/]{20,512}={0,2}"),
    ("accesskey=", False, r"(?i)(?P<keep>SharedAccessKey=)[A-Za-z0-9+/]{20,512}={0,2}"),
    ("sig=", True, r"(?P<keep>[?&;]sig=)[A-Za-z0-9%+/]{20,512}(?:=|%3[Dd]){0,2}"),
    ("Q~", True, r"(?<![\w~.])[A-Za-z0-9_~.]{3}[0-9]Q~[A-Za-z0-9_~.-]{31,34}(?![\w~.-])"),
    ("ya29.", True, r"ya29\.(?<!\wya29\.)[A-Za-z0-9_-]{20,2048}"),
    ("_v1_", True, r"d(?<!\wd)o[opr]_v1_[a-f0-9]{64}"),
    ("LTAI", True, r"LTAI(?<!\wLTAI)[A-Za-z0-9]{20}"),
    ("ABIA", True, _AWS_MORE),
    ("ACCA", True, _AWS_MORE),
    ("A3T", True, _AWS_MORE),
    ("ABSK", True, r"ABSK(?<!\wABSK)[A-Za-z0-9+/]{100,300}={0,2}"),
    ("bedrock-api-key-", True, r"bedrock-api-key-[A-Za-z0-9+/=%]{40,4096}"),
    ("v1.0-", True, r"v1\.0-(?<!\wv1\.0-)[a-f0-9]{24}-[a-f0-9]{146}"),
    ("dapi", True, r"dapi(?<!\wdapi)[a-f0-9]{32}(?:-[0-9])?(?![A-Za-z0-9])"),
    ("dt0c01.", True, r"dt0c01\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{64}"),
    ("fo1_", True, r"fo1_(?<!\wfo1_)[\w-]{43}"),
    ("fm1", True, _FLY_MACAROON),
    ("fm2_", True, _FLY_MACAROON),
    ("hvs.", True, r"hv[sb]\.(?<!\whv[sb]\.)[\w-]{90,300}"),
    ("hvb.", True, r"hv[sb]\.(?<!\whv[sb]\.)[\w-]{90,300}"),
    (".atlasv1.", True, r"[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=-]{60,70}"),
    ("HRKU-AA", True, r"HRKU-AA[0-9A-Za-z_-]{58}"),
    ("pscale_", True, r"pscale_(?:tkn|oauth|pw)_[\w=.-]{32,64}"),
    ("YC", True, r"YC(?<!\wYC)[A-Za-z0-9_-]{38}(?![\w-])"),
    ("AQVN", True, r"AQVN(?<!\wAQVN)[A-Za-z0-9_-]{35,38}"),
    ("t1.", True, r"t1\.(?<!\wt1\.)[A-Za-z0-9_-]{1,64}={0,2}\.[A-Za-z0-9_-]{86}={0,2}"),
    ("sha256~", True, r"sha256~[\w-]{43}"),
    # source hosting, packages, CI
    ("glcbt-", True, _GITLAB),
    ("gldt-", True, _GITLAB),
    ("glffct-", True, _GITLAB),
    ("glft-", True, _GITLAB),
    ("glimt-", True, _GITLAB),
    ("glagent-", True, _GITLAB),
    ("gloas-", True, _GITLAB),
    ("glptt-", True, _GITLAB),
    ("glrt-", True, _GITLAB),
    ("glsoat-", True, _GITLAB),
    ("glsa_", True, _GITLAB),
    ("glc_", True, _GITLAB),
    ("GR1348941", True, r"GR1348941[\w-]{20}"),
    ("_gitlab_session=", True, r"(?P<keep>_gitlab_session=)[0-9a-z]{32}"),
    ("AKCp", True, r"AKCp(?<!\wAKCp)[A-Za-z0-9]{69}"),
    ("cmVmd", True, r"cmVmd(?<!\wcmVmd)[A-Za-z0-9]{59}"),
    ("clojars_", False, r"(?i)clojars_[a-z0-9]{60}"),
    ("rubygems_", True, r"rubygems_[a-f0-9]{48}"),
    ("pul-", True, r"pul-(?<!\wpul-)[a-f0-9]{40}"),
    ("sgp_", True, r"sgp_(?<!\wsgp_)(?:[a-fA-F0-9]{16}_|local_)?[a-fA-F0-9]{40}"),
    ("sntry", True, _SENTRY),
    ("ico-", True, r"ico-(?<![\w.]ico-)[A-Za-z0-9]{32}"),
    ("tk-us-", True, r"tk-us-[\w-]{48}"),
    ("pnu_", True, r"pnu_(?<!\wpnu_)[A-Za-z0-9]{36}"),
    ("rdme_", True, r"rdme_[a-z0-9]{70}"),
    # chat and webhooks
    (
        "hooks.slack.com/",
        False,
        r"(?i)(?P<keep>hooks\.slack\.com/(?:services|workflows|triggers)/)[\w+/-]{20,256}",
    ),
    (
        "/api/webhooks/",
        False,
        r"(?i)(?P<keep>discord(?:app)?\.com/api/webhooks/)[0-9]{5,30}/[\w-]{20,128}",
    ),
    (
        "webhook.office.com/",
        False,
        r"(?i)(?P<keep>\.webhook\.office\.com/webhookb2/)[\w@/.-]{20,512}",
    ),
    ("xoxe", True, _SLACK_MORE),
    ("xapp-", True, _SLACK_MORE),
    ("SK", True, r"SK(?<!\wSK)[0-9a-fA-F]{32}(?![A-Za-z0-9])"),
    ("xkeysib-", True, r"xkeysib-[a-f0-9]{64}-[A-Za-z0-9]{16}"),
    ("SG.", True, r"SG\.(?<!\wSG\.)[A-Za-z0-9_-]{16,32}\.[A-Za-z0-9_-]{30,64}"),
    ("key-", True, r"key-(?<!\wkey-)[a-f0-9]{32}(?![A-Za-z0-9])"),
    # AI and data services
    ("hf_", True, r"hf_(?<!\whf_)[A-Za-z]{34}(?![A-Za-z0-9])"),
    ("api_org_", True, r"api_org_(?<!\wapi_org_)[A-Za-z]{34}(?![A-Za-z0-9])"),
    ("pplx-", True, r"pplx-(?<!\wpplx-)[A-Za-z0-9]{48}"),
    ("4b1d", True, r"4b1d(?<!\w4b1d)[A-Za-z0-9]{38}(?![A-Za-z0-9])"),
    ("lin_api_", True, r"lin_api_[A-Za-z0-9]{40}"),
    ("ntn_", True, r"ntn_(?<!\wntn_)[0-9]{11}[A-Za-z0-9]{35}"),
    ("eyJrIjoi", True, r"eyJrIjoi[A-Za-z0-9]{70,400}={0,3}"),
    ("_mmk", True, r"(?<![A-Za-z0-9])[A-Za-z0-9]{6}_[A-Za-z0-9]{29}_mmk"),
    ("NR", True, _NEW_RELIC),
    ("PMAK-", True, r"PMAK-[A-Fa-f0-9]{24}-[A-Fa-f0-9]{34}"),
    ("API-", True, r"API-(?<!\wAPI-)[A-Z0-9]{26}(?![A-Za-z0-9])"),
    ("sm_", True, _SETTLEMINT),
    ("s-s4t2", True, r"s-s4t2(?:ud|af)-[a-f0-9]{64}"),
    ("fio-u-", True, r"fio-u-[A-Za-z0-9_=-]{64}"),
    ("dp.", True, _DOPPLER),
    ("ATATT3", True, r"ATATT3[A-Za-z0-9_=-]{100,300}"),
    ("k.eyJ", True, r"[ps](?<!\w[ps])k\.eyJ[A-Za-z0-9_-]{50,}\.[A-Za-z0-9_-]{20,}"),
    (
        ".acc",
        True,
        r"(?<![\w.])(?:sc|ext|scauth|authress)_[A-Za-z0-9]{5,30}\.[A-Za-z0-9]{4,6}\.acc[_-][A-Za-z0-9-]{10,32}\.[A-Za-z0-9+/_=-]{30,120}",
    ),
    # password managers, encryption keys, social
    ("A3-", True, r"A3-(?<!\wA3-)[A-Z0-9]{6}-[A-Z0-9-]{23,29}"),
    ("ops_eyJ", True, r"ops_eyJ[A-Za-z0-9+/]{100,4096}={0,3}"),
    ("age-secret-key-1", False, r"(?i)AGE-SECRET-KEY-1[0-9A-Z]{58}"),
    ("p8e-", False, r"(?i)p8e-(?<!\wp8e-)[a-z0-9]{32}"),
    ("EAA", True, r"EAA(?<!\wEAA)[MC][A-Za-z0-9]{100,1000}"),
    ("|", True, _FACEBOOK_APP),
    ("%7", False, _FACEBOOK_APP),
    ("a" * 22, False, r"A{22}[A-Za-z0-9%]{80,100}"),
)
