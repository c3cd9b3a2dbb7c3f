// Package attacks is Paprika's standing attack suite: every attack a
// tenant has tried on the service, one test each, against the real
// processes. TestMain builds the paprika binary; the first test starts one
// PostgreSQL, one `paprika api` and one `paprika worker`, each in a memory
// limit of its own as a container would run it (a cgroup with the memory
// controller, v2 or else v1, the process's Chromium in it too; else, when
// the test is not root, a watchdog sampling the process tree's memory),
// and every test runs its attack on them as tenant "mallory" while tenant
// "alice" renders a normal document, sync and as a job, every second.
//
// After each attack the suite checks what no attack may do: kill the api
// or the worker (the same pids, no OOM kill in their cgroups), fail one of
// alice's renders, or keep memory (each process's working set falls back
// to within returnMargin of its level before). Each test checks the answer
// the attack gets, the one error body with its documented status and code.
// Each attack's figures are logged in one line that `go test -v` shows:
//
//	attack=NAME api_peak_mib=… api_hwm_mib=… api_cpu_s=… worker_peak_mib=… worker_hwm_mib=… worker_cpu_s=…
//
// (peak: the cgroup's most memory during the attack, page cache included;
// hwm: the Go process's own VmHWM; cpu: user and system seconds of the
// process and its Chromium). An Office attack (office_test.go) also logs
// how many LibreOffice processes each replaced, and fails if a program
// other than Chromium and LibreOffice ran under either:
//
//	office=NAME api_replaced=… worker_replaced=…
//
// To add an attack: write a test in the file of the surface it attacks
// (templates, pages, assets, bodies, certificates, storage, webhooks,
// billing, office), named for the attack, whose doc comment names the limit it
// proves; get the processes with shared(t), and run the attack inside
// w.attack(t, "name", func() {...}) as w.mallory, checking its answer with
// refused. An attack that needs settings of its own sets them on the
// shared processes in world.start if they harm no other attack. Heavy
// attacks run one at a time: the tests are not parallel.
//
// `make test` runs the suite after the other packages, uncached (it runs
// the binary it builds); -attacks.memory=MiB changes each process's limit.
package attacks
