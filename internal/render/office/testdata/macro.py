# macro.py: writes macro.odt, a Writer document whose Basic macro, bound to
# the document's load event, writes a line into the file named CANARY
# (the test puts a path of its own there). Run by make.sh with a temporary
# profile as its argument.
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


pipe = "paprika-fixture-%d" % os.getpid()
proc = subprocess.Popen(["/usr/lib/libreoffice/program/soffice.bin", "--headless", "--norestore",
                         "-env:UserInstallation=file://" + sys.argv[1], "--accept=pipe,name=" + pipe + ";urp;"])
local = uno.getComponentContext()
resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
for _ in range(600):
    if proc.poll() == 81:  # a new profile made: start again
        proc = subprocess.Popen(proc.args)
    try:
        ctx = resolver.resolve("uno:pipe,name=" + pipe + ";urp;StarOffice.ComponentContext")
        break
    except Exception:
        time.sleep(0.1)
desktop = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
doc = desktop.loadComponentFromURL("private:factory/swriter", "_blank", 0, (prop("Hidden", True),))
doc.Text.setString("A document with a macro on load.")
if not doc.BasicLibraries.hasByName("Standard"):
    doc.BasicLibraries.createLibrary("Standard")
doc.BasicLibraries.getByName("Standard").insertByName(
    "Module1", 'Sub Main\n  Open "CANARY" For Output As #1\n  Print #1, "the macro ran"\n  Close #1\nEnd Sub\n')
uno.invoke(doc.Events, "replaceByName", ("OnLoad", uno.Any("[]com.sun.star.beans.PropertyValue", (
    prop("EventType", "Script"),
    prop("Script", "vnd.sun.star.script:Standard.Module1.Main?language=Basic&location=document")))))
doc.storeToURL(uno.systemPathToFileUrl(os.path.abspath("macro.odt")), (prop("FilterName", "writer8"),))
doc.close(True)
desktop.terminate()
proc.wait()
