"""A factory of hostile projects for the tests (SPEC §7: the project is hostile input).

Each module builds real hostile repositories in a temporary folder, no mocks: ``git``
(partial clones with a ``file://`` promisor remote, FIFOs and devices in ``.git`` and
the tree, configured programs), ``policy`` (deep or slow ``.caveat`` config, rules and
message overrides), ``state`` (planted caches, held locks). Every guard, present and
future, gets these cases through the parametrised tests in ``tests/guards``.
"""
