"""Which rule each test pins down, so a test can check every rule has one."""

COVERED: dict[str, set[str]] = {}


def covers(*rule_ids: str):
    """Mark a test as the one that fails when these rules are broken."""

    def mark(fn):
        for rid in rule_ids:
            COVERED.setdefault(rid, set()).add(f"{fn.__module__}.{fn.__name__}")
        return fn

    return mark
