# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) the spin-dmc authors
"""json_validate.py SCHEMA FILE... -- validate dmc's --json outputs
against docs/dmc.schema.json (python3-jsonschema, Debian's package).

A FILE is one JSON document, or JSON lines (one object per line, as a
UPPAAL run with several queries prints them); a file holding no JSON
fails.  One line per file: "ok FILE (N objects)" or "FAIL FILE: why".
Exit status 0 when every file validates, 1 otherwise, 2 on usage."""
import json
import sys

import jsonschema


def documents(text):
    try:
        return [json.loads(text)]
    except json.JSONDecodeError:
        pass
    docs = []
    for n, line in enumerate(text.splitlines(), 1):
        if line.strip():
            try:
                docs.append(json.loads(line))
            except json.JSONDecodeError as e:
                raise ValueError("line %d is no JSON: %s" % (n, e))
    return docs


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    with open(argv[1]) as f:
        schema = json.load(f)
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    validator = cls(schema)
    bad = 0
    for path in argv[2:]:
        try:
            with open(path) as f:
                docs = documents(f.read())
            if not docs:
                raise ValueError("no JSON at all")
            for d in docs:
                e = jsonschema.exceptions.best_match(validator.iter_errors(d))
                if e is not None:
                    where = "/".join(str(p) for p in e.absolute_path) or "(top)"
                    raise ValueError("%s: %s" % (where, e.message[:300]))
            print("ok %s (%d object%s)" % (path, len(docs), "" if len(docs) == 1 else "s"))
        except (OSError, ValueError) as e:
            bad += 1
            print("FAIL %s: %s" % (path, e))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
