#!/usr/bin/env python3
"""Every line value of a findings page whose prediction and measurement differ by more than 0.01
ways must be one of docs/findings/raw/known-mismatches.txt, and every known one must still be on
the page: a new disagreement with the hardware fails, and a documented one stays visible.

    check-findings-mismatches.py PAGE KNOWN
"""
import re
import sys


def number(text):
    try:
        return float(text)
    except ValueError:
        return None


def mismatches(page):
    found = set()
    entry = None
    for line in open(page, encoding="utf-8"):
        heading = re.match(r"## (\S+) \(", line)
        if heading:
            entry = heading.group(1)
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if entry is None or len(cells) != 7 or not cells[0].startswith("`"):
            continue
        values = [number(c) for c in cells[3:]]
        for when, predicted, measured in (("before", values[0], values[1]), ("after", values[2], values[3])):
            if predicted is not None and measured is not None and abs(predicted - measured) > 0.01:
                found.add((entry, cells[1], when))
    return found


def known(path):
    out = set()
    for line in open(path, encoding="utf-8"):
        if line.startswith("#") or not line.strip():
            continue
        fields = [f.strip() for f in line.split("|")]
        out.add((fields[0], fields[1], fields[2]))
    return out


def main():
    page, known_path = sys.argv[1], sys.argv[2]
    on_page, listed = mismatches(page), known(known_path)
    for m in sorted(on_page - listed):
        print("new mismatch, not in %s: %s" % (known_path, " | ".join(m)))
    for m in sorted(listed - on_page):
        print("listed mismatch no longer on the page: %s" % " | ".join(m))
    return 1 if on_page != listed else 0


if __name__ == "__main__":
    sys.exit(main())
