#!/usr/bin/env python3
"""test_package_manifests.py -- the package manifests for the tools
embedded users already have, checked as far as this machine allows (no
PlatformIO, ESP-IDF or Arduino IDE here):

  library.json (PlatformIO): valid JSON, known fields, version equal to
      include/rijn/common.h's, srcDir/includeDir/headers/examples exist;
  idf_component.yml (ESP-IDF component manager): valid YAML, version,
      known fields; the component CMake code (root CMakeLists.txt's
      ESP_PLATFORM guard -> cmake/esp-idf/component.cmake) run by cmake in
      script mode as ESP-IDF's early expansion does, with a stand-in
      idf_component_register that records its arguments: every src/**/*.c
      is registered, include dirs exist;
  arduino/library.properties.in (Arduino): every required field, a valid
      category, includes=rijn.h.
Prints one line per check and "N passed, N failed".
"""
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
passed = failed = 0


def check(cond, what):
    global passed, failed
    print(("ok:   " if cond else "FAIL: ") + what)
    if cond:
        passed += 1
    else:
        failed += 1


def version():
    text = open(os.path.join(ROOT, "include/rijn/common.h")).read()
    return re.search(r'#define RIJN_VERSION_STRING "([^"]+)"', text).group(1)


def platformio():
    try:
        m = json.load(open(os.path.join(ROOT, "library.json")))
    except ValueError as e:
        check(False, "library.json parses: %s" % e)
        return
    check(True, "library.json parses")
    known = {"name", "version", "description", "keywords", "authors", "repository", "license",
             "homepage", "frameworks", "platforms", "headers", "examples", "export", "build",
             "dependencies", "dependencies", "system", "customField"}
    check(set(m) <= known, "library.json: only known fields (%s)" % sorted(set(m) - known))
    check(m.get("name") == "rijn", "library.json: name rijn")
    check(m.get("version") == version(), "library.json: version %s = common.h" % m.get("version"))
    b = m.get("build", {})
    check(os.path.isdir(os.path.join(ROOT, b.get("srcDir", "src"))), "library.json: srcDir exists")
    inc = os.path.join(ROOT, b.get("includeDir", "include"))
    check(os.path.isdir(inc), "library.json: includeDir exists")
    heads = m.get("headers", [])
    heads = [heads] if isinstance(heads, str) else heads
    check(heads and all(os.path.isfile(os.path.join(inc, h)) for h in heads),
          "library.json: headers %s in includeDir" % heads)
    ex = [f for pat in m.get("examples", []) for f in glob.glob(os.path.join(ROOT, pat))]
    check(len(ex) >= 3, "library.json: examples match %d sketches" % len(ex))
    check(isinstance(m.get("keywords"), list) and len(m["keywords"]) <= 20,
          "library.json: keywords list")
    for p in m.get("export", {}).get("include", []):
        check(os.path.exists(os.path.join(ROOT, p)), "library.json: export %s exists" % p)


def esp_idf():
    path = os.path.join(ROOT, "idf_component.yml")
    try:
        import yaml
    except ImportError:
        yaml = None
    if yaml is not None:
        try:
            m = yaml.safe_load(open(path))
        except yaml.YAMLError as e:
            check(False, "idf_component.yml parses: %s" % e)
            return
        check(isinstance(m, dict), "idf_component.yml parses (PyYAML)")
        known = {"version", "description", "url", "repository", "documentation", "issues",
                 "discussion", "license", "maintainers", "tags", "dependencies", "files",
                 "targets", "examples", "rules"}
        check(set(m) <= known, "idf_component.yml: only known fields (%s)" % sorted(set(m) - known))
        check(str(m.get("version")) == version(), "idf_component.yml: version = common.h")
        check("idf" in m.get("dependencies", {}), "idf_component.yml: idf dependency")
    else:
        print("note: PyYAML missing, idf_component.yml syntax not checked")

    cmake = shutil.which("cmake")
    if cmake is None:
        print("note: cmake missing, component CMake code not run")
        return
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "reg.txt")
        stub = os.path.join(d, "early.cmake")
        with open(stub, "w") as f:
            f.write('set(ESP_PLATFORM 1)\nset(CMAKE_BUILD_EARLY_EXPANSION 1)\n'
                    'function(idf_component_register)\n'
                    '  cmake_parse_arguments(A "" "" "SRCS;INCLUDE_DIRS;PRIV_INCLUDE_DIRS" ${ARGN})\n'
                    '  string(REPLACE ";" "\\n" s "${A_SRCS}")\n'
                    '  file(WRITE "%s" "INC ${A_INCLUDE_DIRS}\\nPRIV ${A_PRIV_INCLUDE_DIRS}\\n${s}\\n")\n'
                    'endfunction()\n'
                    'include("%s/CMakeLists.txt")\n'
                    'message(STATUS "after-include")\n' % (out, ROOT))
        r = subprocess.run([cmake, "-P", stub], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True)
        check(r.returncode == 0 and os.path.exists(out),
              "ESP-IDF early expansion: root CMakeLists.txt registers the component" +
              ("" if r.returncode == 0 else ": " + r.stdout[-400:]))
        if not os.path.exists(out):
            return
        lines = open(out).read().split("\n")
        inc = lines[0].split(" ", 1)[1]
        priv = lines[1].split(" ", 1)[1]
        srcs = {os.path.realpath(x) for x in lines[2:] if x}
        want = {os.path.realpath(p) for p in glob.glob(os.path.join(ROOT, "src/**/*.c"),
                                                       recursive=True)}
        check(srcs == want, "ESP-IDF: all %d library sources registered (%d)" % (len(want), len(srcs)))
        check(os.path.isfile(os.path.join(inc, "rijn.h")), "ESP-IDF: INCLUDE_DIRS holds rijn.h")
        check(os.path.isfile(os.path.join(priv, "internal.h")), "ESP-IDF: PRIV_INCLUDE_DIRS holds internal.h")
        check("after-include" in r.stdout, "ESP-IDF: the guard returns before project()")


def arduino():
    text = open(os.path.join(ROOT, "arduino/library.properties.in")).read()
    props = dict(l.split("=", 1) for l in text.splitlines() if "=" in l and not l.startswith("#"))
    for k in ("name", "version", "author", "maintainer", "sentence", "paragraph", "category",
              "url", "architectures", "includes"):
        check(k in props, "library.properties: %s=" % k)
    cats = {"Display", "Communication", "Signal Input/Output", "Sensors", "Device Control",
            "Timing", "Data Storage", "Data Processing", "Other"}
    check(props.get("category") in cats, "library.properties: category %s is valid" % props.get("category"))
    check(props.get("includes") == "rijn.h" and props.get("architectures") == "*",
          "library.properties: includes=rijn.h, architectures=*")
    check(props.get("version") == "@VERSION@", "library.properties: version filled from common.h")


def main():
    platformio()
    esp_idf()
    arduino()
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
