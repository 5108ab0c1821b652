"""The tutor's benchmarks and the classroom's protocol client: run from a checkout, not shipped in the wheel.

``python -m benchmarks.engine`` (``make bench``), ``benchmarks.instructions``, ``benchmarks.browser``
(``make bench-browser``), ``benchmarks.classroom`` (``make bench-class``), ``benchmarks.site``
(``make bench-site``); :mod:`benchmarks.room` is a student's session at the protocol level, used
by the classroom benchmark and tests.  Benchmarks import ``tutor`` and ``widgets``; nothing there
imports them.
"""
