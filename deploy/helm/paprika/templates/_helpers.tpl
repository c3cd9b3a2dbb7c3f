{{/* The release's name, with the chart's unless it has it already. */}}
{{- define "paprika.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "paprika.labels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
{{- end -}}

{{/* selector labels of one Deployment's pods: (dict "root" $ "component" name) */}}
{{- define "paprika.selectorLabels" -}}
app.kubernetes.io/name: {{ .root.Chart.Name }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{- define "paprika.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "paprika.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{- define "paprika.image" -}}
{{- printf "%s:%s" .Values.image.repository (default .Chart.AppVersion .Values.image.tag) -}}
{{- end -}}

{{/* The tier keys, in order. */}}
{{- define "paprika.tierKeys" -}}
{{- range .Values.tiers }}{{ required "every tier needs a key" .key }},{{ end -}}
{{- end -}}

{{/* PAPRIKA_TIERS: a JSON object in the order of .Values.tiers (the first is the default). */}}
{{- define "paprika.tiersJSON" -}}
{{- if not .Values.tiers -}}
{{- fail "tiers: at least one tier (the first is the default)" -}}
{{- end -}}
{{- $parts := list -}}
{{- range .Values.tiers -}}
{{- $parts = append $parts (printf "%s: %s" (toJson (required "every tier needs a key" .key)) (toJson (omit . "key"))) -}}
{{- end -}}
{{- printf "{%s}" (join ", " $parts) -}}
{{- end -}}

{{/*
The worker Deployments as YAML (workers: [...]): worker, then each of
reservedWorkers over worker's fields; each with its full name, its tiers
(every tier when empty) and its autoscaling merged over .Values.autoscaling.
Read it back with fromYaml.
*/}}
{{- define "paprika.workers" -}}
{{- $root := . -}}
{{- $keys := splitList "," (trimSuffix "," (include "paprika.tierKeys" .)) -}}
{{- $all := list (deepCopy .Values.worker) -}}
{{- range .Values.reservedWorkers -}}
{{- if not .tiers -}}
{{- fail (printf "reservedWorkers %s: tiers is required (the tiers it is reserved for)" (toString .name)) -}}
{{- end -}}
{{- $all = append $all (mergeOverwrite (deepCopy $root.Values.worker) (deepCopy .)) -}}
{{- end -}}
{{- $seen := dict -}}
{{- $out := list -}}
{{- range $all -}}
{{- $name := required "every worker needs a name" .name -}}
{{- if hasKey $seen $name -}}
{{- fail (printf "worker name %s is used twice" $name) -}}
{{- end -}}
{{- $_ := set $seen $name true -}}
{{- range .tiers -}}
{{- if not (has . $keys) -}}
{{- fail (printf "worker %s: tier %s is not one of tiers (%s)" $name . (join ", " $keys)) -}}
{{- end -}}
{{- end -}}
{{- $w := deepCopy . -}}
{{- $_ := set $w "fullname" (printf "%s-%s" (include "paprika.fullname" $root) $name | trunc 63 | trimSuffix "-") -}}
{{- $_ := set $w "scaledTiers" (default $keys .tiers) -}}
{{- $_ := set $w "scaling" (mergeOverwrite (deepCopy (omit $root.Values.autoscaling "keda" "hpa" "mode")) (default dict .autoscaling)) -}}
{{- $out = append $out $w -}}
{{- end -}}
workers:
{{ toYaml $out }}
{{- end -}}

{{/* Checks of the values every manifest needs. */}}
{{- define "paprika.validate" -}}
{{- if not .Values.database.existingSecret -}}
{{- fail "database.existingSecret: the name of a Secret holding PAPRIKA_DATABASE_URL (key database.urlKey) is required: the chart runs no database" -}}
{{- end -}}
{{- if not .Values.adminToken.existingSecret -}}
{{- fail "adminToken.existingSecret: the name of a Secret holding PAPRIKA_ADMIN_TOKEN (key adminToken.key) is required" -}}
{{- end -}}
{{- if and (not .Values.storage.url) (not .Values.storage.existingClaim) -}}
{{- fail "storage.url (s3://BUCKET/PREFIX?...) or storage.existingClaim (a ReadWriteMany claim) is required: pods share no disk" -}}
{{- end -}}
{{- if and .Values.storage.url (not (hasPrefix "s3://" .Values.storage.url)) (not .Values.storage.existingClaim) -}}
{{- fail "storage.url: pods share no disk: an s3:// URL, or file storage with storage.existingClaim" -}}
{{- end -}}
{{- if not (has .Values.autoscaling.mode (list "keda" "hpa" "none")) -}}
{{- fail (printf "autoscaling.mode %s: keda, hpa or none" (toString .Values.autoscaling.mode)) -}}
{{- end -}}
{{- end -}}

{{/*
One Deployment's pod template: (dict "root" $ "component" name "args"
list "env" list "slots" "" "extraEnv" map "resources" map "grace" seconds
"nodeSelector" map "tolerations" list "affinity" map).
*/}}
{{- define "paprika.podTemplate" -}}
{{- $root := .root -}}
{{- $v := $root.Values -}}
metadata:
  labels:
    {{- include "paprika.selectorLabels" (dict "root" $root "component" .component) | nindent 4 }}
    {{- with $v.podLabels }}
    {{- toYaml . | nindent 4 }}
    {{- end }}
  annotations:
    checksum/config: {{ include (print $root.Template.BasePath "/configmap.yaml") $root | sha256sum }}
    {{- if $v.metrics.annotations }}
    prometheus.io/scrape: "true"
    prometheus.io/port: "4180"
    prometheus.io/path: /metrics
    {{- end }}
    {{- with $v.podAnnotations }}
    {{- toYaml . | nindent 4 }}
    {{- end }}
spec:
  serviceAccountName: {{ include "paprika.serviceAccountName" $root }}
  automountServiceAccountToken: false
  {{- with $v.imagePullSecrets }}
  imagePullSecrets:
    {{- toYaml . | nindent 4 }}
  {{- end }}
  terminationGracePeriodSeconds: {{ .grace }}
  securityContext:
    # The image's user (Dockerfile: paprika, uid and gid 10001).
    runAsNonRoot: true
    runAsUser: 10001
    runAsGroup: 10001
    fsGroup: 10001
    seccompProfile:
      type: {{ $v.seccompProfile.type }}
      {{- if eq $v.seccompProfile.type "Localhost" }}
      localhostProfile: {{ $v.seccompProfile.localhostProfile }}
      {{- end }}
  containers:
    - name: {{ .component }}
      image: {{ include "paprika.image" $root }}
      imagePullPolicy: {{ $v.image.pullPolicy }}
      args: {{ toJson .args }}
      ports:
        - name: http
          containerPort: 4180
      envFrom:
        - configMapRef:
            name: {{ include "paprika.fullname" $root }}-config
      env:
        - name: PAPRIKA_DATABASE_URL
          valueFrom:
            secretKeyRef:
              name: {{ $v.database.existingSecret }}
              key: {{ $v.database.urlKey }}
        {{- if $v.storage.existingSecret }}
        - name: AWS_ACCESS_KEY_ID
          valueFrom:
            secretKeyRef:
              name: {{ $v.storage.existingSecret }}
              key: {{ $v.storage.accessKeyIdKey }}
        - name: AWS_SECRET_ACCESS_KEY
          valueFrom:
            secretKeyRef:
              name: {{ $v.storage.existingSecret }}
              key: {{ $v.storage.secretAccessKeyKey }}
        {{- end }}
        {{- with .env }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
        {{- if .slots }}
        - name: PAPRIKA_WORKERS
          value: {{ .slots | toString | quote }}
        {{- end }}
        {{- range $k, $val := .extraEnv }}
        - name: {{ $k }}
          value: {{ $val | toString | quote }}
        {{- end }}
      startupProbe:
        # Migrations and Chromium's start come first.
        httpGet: {path: /healthz, port: http}
        periodSeconds: 2
        failureThreshold: 60
      livenessProbe:
        httpGet: {path: /healthz, port: http}
        periodSeconds: 10
        timeoutSeconds: 5
        failureThreshold: 3
      readinessProbe:
        # The database reachable and Chromium up.
        httpGet: {path: /readyz, port: http}
        periodSeconds: 5
        timeoutSeconds: 6
        failureThreshold: 3
      securityContext:
        runAsNonRoot: true
        allowPrivilegeEscalation: false
        readOnlyRootFilesystem: true
        capabilities:
          drop: [ALL]
      {{- with .resources }}
      resources:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      volumeMounts:
        - name: tmp
          mountPath: /tmp
        - name: data
          mountPath: /data
  volumes:
    - name: tmp
      emptyDir:
        {{- with $v.tmp.medium }}
        medium: {{ . }}
        {{- end }}
        {{- with $v.tmp.sizeLimit }}
        sizeLimit: {{ . }}
        {{- end }}
    - name: data
      {{- if $v.storage.existingClaim }}
      persistentVolumeClaim:
        claimName: {{ $v.storage.existingClaim }}
      {{- else }}
      emptyDir: {}
      {{- end }}
  {{- with .nodeSelector }}
  nodeSelector:
    {{- toYaml . | nindent 4 }}
  {{- end }}
  {{- with .tolerations }}
  tolerations:
    {{- toYaml . | nindent 4 }}
  {{- end }}
  {{- with .affinity }}
  affinity:
    {{- toYaml . | nindent 4 }}
  {{- end }}
{{- end -}}

{{/* PromQL of a worker's tiers (a list): items queued, and the oldest's age. */}}
{{- define "paprika.itemsQuery" -}}
sum(max by (tier) (paprika_queue_items{tier=~"{{ join "|" . }}"}))
{{- end -}}
{{- define "paprika.oldestQuery" -}}
max(paprika_queue_oldest_seconds{tier=~"{{ join "|" . }}"})
{{- end -}}
