"""``caveat install`` / ``verify`` / ``uninstall``: caveat's hook registrations in each
harness's own configuration file (SPEC §8).

A harness's installer is ``caveat.harnesses.<id>.install`` (its ``HARNESS``, a
:class:`caveat.install.base.Harness`), found through the table in
:mod:`caveat.harnesses`. What they share is in this package, in the order a command
runs it: the harness, scope and refusals (:mod:`~caveat.install.resolve`); the file
read with its layout (:mod:`~caveat.install.document`); how handlers sit in it
(:mod:`~caveat.install.layout`) and which are caveat's (:mod:`~caveat.install.owner`);
the command a registration runs (:mod:`~caveat.install.command`) and its launcher
(:mod:`~caveat.install.launcher`); the merge and its compare-and-swap write
(:mod:`~caveat.install.merge`, :mod:`~caveat.install.filewrite`); then install
(:mod:`~caveat.install.register`), uninstall (:mod:`~caveat.install.unregister`,
:mod:`~caveat.install.remove`), ``--print`` (:mod:`~caveat.install.paste`), verify
(:mod:`~caveat.install.report`), the installs caveat recorded
(:mod:`~caveat.install.installs`), caveat's skills (:mod:`~caveat.install.skills`) and
the record of what caveat created (:mod:`~caveat.install.records`).

Every write is a compare-and-swap: the file is read, merged and written only if it
is still what was read; when another program wrote it meanwhile, the merge starts
again from its new content (:data:`caveat.install.resolve.ATTEMPTS` times at most).
"""
