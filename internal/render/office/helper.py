# Paprika's LibreOffice helper: one per pool slot. It starts soffice as its
# own child (so both share the slot's process group, user and network
# namespace), connects to it over a private UNO pipe, then converts one
# document per JSON line read from stdin, answering one JSON line on stdout.
#
#   argv: soffice-path pipe-name profile-url
#   in:   {"in": path, "out": path, "filter": import filter, "service": the document's,
#          "export": export filter, "pdfVersion": n}
#   out:  {"ready": true} once, then {"ok": true} or {"error": text, "kind": "load"|"store"}
#
# Documents are loaded hidden, read-only, with macros never executed and
# links never updated; the process is sandboxed by Paprika besides.
import ctypes
import json
import os
import subprocess
import sys
import time

import uno
from com.sun.star.beans import PropertyValue


def prop(name, value):
    p = PropertyValue()
    p.Name = name
    p.Value = value
    return p


def reply(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def die_with_parent():
    # PR_SET_PDEATHSIG, SIGKILL: soffice ends with this helper, whatever ends it.
    ctypes.CDLL(None, use_errno=True).prctl(1, 9, 0, 0, 0)


def launch(soffice, pipe, profile):
    return subprocess.Popen(
        [soffice, "--headless", "--invisible", "--nologo", "--norestore", "--nodefault",
         "--nolockcheck", "--nofirststartwizard", "-env:UserInstallation=" + profile,
         "--accept=pipe,name=" + pipe + ";urp;StarOffice.ComponentContext"],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=sys.stderr,
        preexec_fn=die_with_parent)


def connect(soffice, pipe, profile):
    proc = launch(soffice, pipe, profile)
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
    url = "uno:pipe,name=" + pipe + ";urp;StarOffice.ComponentContext"
    deadline = time.monotonic() + 120
    while True:
        if proc.poll() == 81:
            # soffice.bin asks to be started again once it has made a new
            # profile (oosplash, which Paprika does not run, would do it).
            proc = launch(soffice, pipe, profile)
        elif proc.poll() is not None:
            raise SystemExit("soffice exited with status %s before it accepted" % proc.returncode)
        try:
            ctx = resolver.resolve(url)
            break
        except Exception:
            if time.monotonic() > deadline:
                raise SystemExit("soffice did not accept within 120 s")
            time.sleep(0.05)
    return proc, ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)


def convert(desktop, req):
    load = (
        prop("Hidden", True),
        prop("ReadOnly", True),
        prop("FilterName", req["filter"]),
        # com.sun.star.document.MacroExecMode.NEVER_EXECUTE
        prop("MacroExecutionMode", 0),
        # com.sun.star.document.UpdateDocMode.NO_UPDATE: links stay as stored
        prop("UpdateDocMode", 0),
        prop("RepairPackage", False),
        prop("Silent", True),
    )
    try:
        doc = desktop.loadComponentFromURL(uno.systemPathToFileUrl(req["in"]), "_blank", 0, load)
    except Exception as e:
        return {"error": str(e) or type(e).__name__, "kind": "load"}
    if doc is None:
        return {"error": "the document could not be loaded", "kind": "load"}
    if not doc.supportsService(req["service"]):
        # LibreOffice detected another kind of document than the filter's
        # (a text document sent as a spreadsheet): refused, not converted.
        doc.close(True)
        return {"error": "the document is not a " + req["service"], "kind": "load"}
    try:
        data = []
        if req.get("pdfVersion"):
            data.append(prop("SelectPdfVersion", int(req["pdfVersion"])))
        store = (
            prop("FilterName", req["export"]),
            prop("FilterData", uno.Any("[]com.sun.star.beans.PropertyValue", tuple(data))),
        )
        doc.storeToURL(uno.systemPathToFileUrl(req["out"]), store)
        return {"ok": True}
    except Exception as e:
        return {"error": str(e) or type(e).__name__, "kind": "store"}
    finally:
        try:
            doc.close(True)
        except Exception:
            try:
                doc.dispose()
            except Exception:
                pass


def main():
    soffice, pipe, profile = sys.argv[1:4]
    proc, desktop = connect(soffice, pipe, profile)
    reply({"ready": True})
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        if proc.poll() is not None:
            raise SystemExit("soffice exited with status %s" % proc.returncode)
        reply(convert(desktop, json.loads(line)))
    try:
        desktop.terminate()
    except Exception:
        pass
    proc.wait(timeout=10)


if __name__ == "__main__":
    main()
