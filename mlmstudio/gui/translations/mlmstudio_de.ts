<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name>AboutDialog</name>
    <message>
        <source>Train small BERT-style masked language models on your own text, watch them learn, and explore what they predict. MIT licence; the components it uses are listed in THIRD_PARTY_NOTICES.md.</source>
        <translation>Trainieren Sie kleine maskierte Sprachmodelle im Stil von BERT mit Ihrem eigenen Text, sehen Sie ihnen beim Lernen zu und erkunden Sie, was sie vorhersagen. MIT-Lizenz; die verwendeten Komponenten stehen in THIRD_PARTY_NOTICES.md.</translation>
    </message>
    <message>
        <source>not installed</source>
        <translation>nicht installiert</translation>
    </message>
    <message>
        <source>the desktop bundle ({path})</source>
        <translation>das Desktop-Paket ({path})</translation>
    </message>
    <message>
        <source>a Python install ({path})</source>
        <translation>eine Python-Installation ({path})</translation>
    </message>
    <message>
        <source>not installed (only Export to transformers needs it)</source>
        <translation>nicht installiert (nur der Export nach transformers braucht es)</translation>
    </message>
    <message>
        <source>Runs from</source>
        <translation>Läuft als</translation>
    </message>
    <message>
        <source>About MLM Studio</source>
        <translation>Über MLM Studio</translation>
    </message>
</context>
<context>
    <name>AddedWordsPicker</name>
    <message>
        <source>{word}  —  unknown to it: {pieces}  ({count:,}×)</source>
        <translation>{word}  —  ihm unbekannt: {pieces}  ({count:,}×)</translation>
    </message>
    <message numerus="yes">
        <source>{word}  —  %n pieces: {pieces}  ({count:,}×)</source>
        <translation>
            <numerusform>{word}  —  %n Teil: {pieces}  ({count:,}×)</numerusform>
            <numerusform>{word}  —  %n Teile: {pieces}  ({count:,}×)</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;Add your words to its vocabulary&lt;/b&gt; (optional)</source>
        <translation>&lt;b&gt;Ihre Wörter zu seinem Vokabular hinzufügen&lt;/b&gt; (optional)</translation>
    </message>
    <message>
        <source>How many of the corpus' most frequent split words to list.</source>
        <translation>Wie viele der häufigsten zerlegten Wörter des Korpus aufgelistet werden.</translation>
    </message>
    <message>
        <source>Find words</source>
        <translation>Wörter finden</translation>
    </message>
    <message>
        <source>List the corpus' most frequent words that this model reads as 3 or more pieces or does not know. A checked word becomes one token of its own; its new row starts at the mean of its old pieces. On the command line: train CORPUS --from MODEL --add-words N.</source>
        <translation>Die häufigsten Wörter des Korpus auflisten, die dieses Modell als 3 oder mehr Teile liest oder nicht kennt. Ein angehaktes Wort wird zu einem eigenen Token; seine neue Zeile beginnt beim Mittelwert seiner alten Teile. Auf der Kommandozeile: train CORPUS --from MODEL --add-words N.</translation>
    </message>
    <message>
        <source>List up to</source>
        <translation>Bis zu</translation>
    </message>
    <message>
        <source>Reading the corpus and the model's tokenizer…</source>
        <translation>Das Korpus und der Tokenizer des Modells werden gelesen…</translation>
    </message>
    <message>
        <source>Finding words to add</source>
        <translation>Wörter zum Hinzufügen werden gesucht</translation>
    </message>
    <message>
        <source>No words listed: press Find words to see which words this model splits.</source>
        <translation>Keine Wörter aufgelistet: Drücken Sie auf „Wörter finden“, um zu sehen, welche Wörter dieses Modell zerlegt.</translation>
    </message>
    <message numerus="yes">
        <source>{checked} of %Ln word(s) checked: each checked word becomes one token, its new rows started at the mean of its old pieces.</source>
        <translation>
            <numerusform>{checked} von %Ln Wort angehakt: Jedes angehakte Wort wird ein Token; seine neuen Zeilen beginnen beim Mittelwert seiner alten Teile.</numerusform>
            <numerusform>{checked} von %Ln Wörtern angehakt: Jedes angehakte Wort wird ein Token; seine neuen Zeilen beginnen beim Mittelwert seiner alten Teile.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>AppSettings</name>
    <message>
        <source>Qt cannot read it back as settings</source>
        <translation>Qt kann sie nicht als Einstellungen zurücklesen</translation>
    </message>
    <message>
        <source>Some remembered settings in {path} were damaged ({keys}); they start from their defaults and are written again when changed.</source>
        <translation>Einige gespeicherte Einstellungen in {path} waren beschädigt ({keys}); sie beginnen wieder mit ihren Standardwerten und werden bei der nächsten Änderung neu geschrieben.</translation>
    </message>
    <message>
        <source>The app's settings file {path} is damaged ({problem}) and cannot be set aside ({error}), so settings are not remembered; move it aside yourself.</source>
        <translation>Die Einstellungsdatei {path} ist beschädigt ({problem}) und kann nicht beiseitegelegt werden ({error}); Einstellungen werden daher nicht gespeichert. Bitte verschieben Sie die Datei selbst.</translation>
    </message>
    <message>
        <source>The app's settings file {path} was damaged ({problem}): it is kept as {aside} and written again with the {kept} settings that still read; the damaged keys ({keys}) start from their defaults.</source>
        <translation>Die Einstellungsdatei {path} war beschädigt ({problem}): Sie bleibt als {aside} erhalten und wurde mit den {kept} noch lesbaren Einstellungen neu geschrieben; die beschädigten Schlüssel ({keys}) beginnen mit ihren Standardwerten.</translation>
    </message>
    <message>
        <source>The app's settings file {path} was damaged ({problem}): it is kept as {aside} and written again with the {kept} settings that still read.</source>
        <translation>Die Einstellungsdatei {path} war beschädigt ({problem}): Sie bleibt als {aside} erhalten und wurde mit den {kept} noch lesbaren Einstellungen neu geschrieben.</translation>
    </message>
</context>
<context>
    <name>AttentionTab</name>
    <message>
        <source>What each part of the model looks at in the sentence above. Each small map is one attention head (columns) of one layer (rows); the last column averages the layer's heads. In a map, a row is the token that looks and a column the token it looks at: the brighter, the more attention. Click a map to see it enlarged with its tokens.</source>
        <translation>Worauf jeder Teil des Modells im Satz oben schaut. Jede kleine Karte ist ein Attention-Kopf (Spalten) einer Schicht (Zeilen); die letzte Spalte mittelt die Köpfe der Schicht. In einer Karte ist eine Zeile das schauende Token und eine Spalte das Token, auf das es schaut: je heller, desto mehr Attention. Klicken Sie auf eine Karte, um sie vergrößert mit ihren Tokens zu sehen.</translation>
    </message>
    <message>
        <source>Show attention</source>
        <translation>Attention zeigen</translation>
    </message>
    <message>
        <source>Run the sentence through the model and draw every head's attention</source>
        <translation>Den Satz durch das Modell schicken und die Attention jedes Kopfes zeichnen</translation>
    </message>
    <message>
        <source>the token that looks</source>
        <translation>das schauende Token</translation>
    </message>
    <message>
        <source>the token it looks at</source>
        <translation>das betrachtete Token</translation>
    </message>
    <message>
        <source>Click a map in the grid to see it here.</source>
        <translation>Klicken Sie auf eine Karte im Raster, um sie hier zu sehen.</translation>
    </message>
    <message>
        <source>Reading the attention</source>
        <translation>Die Attention wird gelesen</translation>
    </message>
    <message>
        <source>average</source>
        <translation>Mittel</translation>
    </message>
    <message>
        <source>head {number}</source>
        <translation>Kopf {number}</translation>
    </message>
    <message>
        <source>{map}: click to enlarge</source>
        <translation>{map}: zum Vergrößern klicken</translation>
    </message>
    <message>
        <source>{tokens} tokens · layers × heads: {layers} × {heads}. Colour: 0 (dark) to {top:.2f} (bright), the largest weight here.</source>
        <translation>{tokens} Tokens · Schichten × Köpfe: {layers} × {heads}. Farbe: 0 (dunkel) bis {top:.2f} (hell), das größte Gewicht hier.</translation>
    </message>
    <message>
        <source>Point at a square to read its weight.</source>
        <translation>Zeigen Sie auf ein Feld, um sein Gewicht abzulesen.</translation>
    </message>
    <message>
        <source>“{query}” (token {query_index}) looks at “{key}” (token {key_index}) with weight {weight:.3f}</source>
        <translation>„{query}“ (Token {query_index}) schaut mit Gewicht {weight:.3f} auf „{key}“ (Token {key_index})</translation>
    </message>
    <message>
        <source>{layer}, average over heads</source>
        <translation>{layer}, Mittel über die Köpfe</translation>
    </message>
    <message>
        <source>{layer}, head {number}</source>
        <translation>{layer}, Kopf {number}</translation>
    </message>
</context>
<context>
    <name>Background</name>
    <message>
        <source>{what} needs more memory than this computer has free. Close other programs and try again.</source>
        <translation>{what} braucht mehr Arbeitsspeicher, als auf diesem Computer frei ist. Schließen Sie andere Programme und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>{what} failed: {reason}. Check the path, the permissions and the free space.</source>
        <translation>{what} ist fehlgeschlagen: {reason}. Prüfen Sie den Pfad, die Berechtigungen und den freien Speicherplatz.</translation>
    </message>
    <message>
        <source>{what} failed because of an internal error ({error}); the log has the details.</source>
        <translation>{what} ist wegen eines internen Fehlers fehlgeschlagen ({error}); Einzelheiten stehen im Protokoll.</translation>
    </message>
</context>
<context>
    <name>CapsuleDialog</name>
    <message>
        <source>A run capsule is a folder with everything this run needs: its settings, its text, its tokenizer and a launch.sh that starts it with torchrun. Copy it to the machines, run launch.sh on each, and bring the finished run back with History → Import folder….</source>
        <translation>Eine Laufkapsel ist ein Ordner mit allem, was dieser Lauf braucht: seinen Einstellungen, seinem Text, seinem Tokenizer und einer launch.sh, die ihn mit torchrun startet. Kopieren Sie ihn auf die Rechner, führen Sie launch.sh auf jedem aus und holen Sie den fertigen Lauf mit Verlauf → Ordner importieren… zurück.</translation>
    </message>
    <message>
        <source>Run elsewhere</source>
        <translation>Anderswo ausführen</translation>
    </message>
    <message>
        <source>How many machines train together.</source>
        <translation>Wie viele Rechner gemeinsam trainieren.</translation>
    </message>
    <message>
        <source>Training processes on each machine: one per GPU, or 1 on a CPU machine (one process already uses all its cores).</source>
        <translation>Trainingsprozesse auf jedem Rechner: einer pro GPU, oder 1 auf einem CPU-Rechner (ein Prozess nutzt bereits alle Kerne).</translation>
    </message>
    <message>
        <source>The first machine's address and a free port: every machine meets there (torchrun's rendezvous).</source>
        <translation>Die Adresse des ersten Rechners und ein freier Port: Dort treffen sich alle Rechner (das Rendezvous von torchrun).</translation>
    </message>
    <message>
        <source>Put the text inside the capsule</source>
        <translation>Den Text in die Kapsel legen</translation>
    </message>
    <message>
        <source>Unchecked: the capsule names the file's path and fingerprint, and the file must be at that path on every machine.</source>
        <translation>Nicht angehakt: Die Kapsel nennt Pfad und Fingerabdruck der Datei, und die Datei muss auf jedem Rechner unter diesem Pfad liegen.</translation>
    </message>
    <message>
        <source>Add a Slurm batch script (for a cluster)</source>
        <translation>Ein Slurm-Batchskript hinzufügen (für einen Cluster)</translation>
    </message>
    <message>
        <source>A new or empty folder</source>
        <translation>Ein neuer oder leerer Ordner</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>Wählen…</translation>
    </message>
    <message>
        <source>Machines (nodes):</source>
        <translation>Rechner (Knoten):</translation>
    </message>
    <message>
        <source>Processes per machine:</source>
        <translation>Prozesse pro Rechner:</translation>
    </message>
    <message>
        <source>First machine's address:</source>
        <translation>Adresse des ersten Rechners:</translation>
    </message>
    <message>
        <source>Write to:</source>
        <translation>Schreiben nach:</translation>
    </message>
    <message>
        <source>Measuring a training step of this model on this computer…</source>
        <translation>Ein Trainingsschritt dieses Modells wird auf diesem Computer gemessen…</translation>
    </message>
    <message>
        <source>Write capsule</source>
        <translation>Kapsel schreiben</translation>
    </message>
    <message>
        <source>Timing a training step</source>
        <translation>Ein Trainingsschritt wird gemessen</translation>
    </message>
    <message>
        <source>The speed-up could not be estimated here ({reason}).</source>
        <translation>Die Beschleunigung konnte hier nicht geschätzt werden ({reason}).</translation>
    </message>
    <message>
        <source>Write the capsule into a new or empty folder</source>
        <translation>Die Kapsel in einen neuen oder leeren Ordner schreiben</translation>
    </message>
    <message>
        <source>Choose the folder to write the capsule to (a new or empty one).</source>
        <translation>Wählen Sie den Ordner, in den die Kapsel geschrieben wird (einen neuen oder leeren).</translation>
    </message>
    <message>
        <source>Writing the capsule</source>
        <translation>Die Kapsel wird geschrieben</translation>
    </message>
    <message numerus="yes">
        <source>Capsule written to {folder}.

On each of the %n machine(s), run launch.sh from that folder. It runs:
{command}

The finished run is written to {run_folder} on the first machine. Copy it back and add it with History → Import folder….</source>
        <translation>
            <numerusform>Kapsel nach {folder} geschrieben.

Führen Sie launch.sh aus diesem Ordner auf dem %n Rechner aus. Es führt aus:
{command}

Der fertige Lauf wird auf dem ersten Rechner nach {run_folder} geschrieben. Kopieren Sie ihn zurück und fügen Sie ihn mit Verlauf → Ordner importieren… hinzu.</numerusform>
            <numerusform>Kapsel nach {folder} geschrieben.

Führen Sie launch.sh aus diesem Ordner auf jedem der %n Rechner aus. Es führt aus:
{command}

Der fertige Lauf wird auf dem ersten Rechner nach {run_folder} geschrieben. Kopieren Sie ihn zurück und fügen Sie ihn mit Verlauf → Ordner importieren… hinzu.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CheckpointsTab</name>
    <message>
        <source>This run kept no checkpoints along its training (it was trained before they were kept, imported, or with 'Checkpoints kept' at 0 in Setup → Advanced → Training), so there is nothing to slide over. Train a new run to see its answers change.</source>
        <translation>Dieser Lauf hat während seines Trainings keine Checkpoints behalten (er wurde trainiert, bevor sie behalten wurden, importiert oder mit „Behaltene Checkpoints“ auf 0 unter Einrichtung → Erweitert → Training), daher gibt es nichts zum Verschieben. Trainieren Sie einen neuen Lauf, um seine Antworten sich ändern zu sehen.</translation>
    </message>
    <message>
        <source>What did the model answer earlier in its training? Move the slider over the checkpoints this run kept (steps 1, 2, 4, 8, … and the end) to see the sentence's guesses at that step, or ask every step at once for a timeline.</source>
        <translation>Was hat das Modell früher in seinem Training geantwortet? Bewegen Sie den Regler über die Checkpoints, die dieser Lauf behalten hat (Schritte 1, 2, 4, 8, … und das Ende), um die Tipps für den Satz bei diesem Schritt zu sehen, oder fragen Sie alle Schritte auf einmal für einen Zeitverlauf.</translation>
    </message>
    <message>
        <source>The kept checkpoints, in order of their step</source>
        <translation>Die behaltenen Checkpoints, nach ihrem Schritt geordnet</translation>
    </message>
    <message>
        <source>Show at this step</source>
        <translation>Bei diesem Schritt zeigen</translation>
    </message>
    <message>
        <source>Every step</source>
        <translation>Jeder Schritt</translation>
    </message>
    <message>
        <source>Ask every kept checkpoint and list its best guess for each [MASK]</source>
        <translation>Jeden behaltenen Checkpoint fragen und seinen besten Tipp für jedes [MASK] auflisten</translation>
    </message>
    <message>
        <source>Reload</source>
        <translation>Neu laden</translation>
    </message>
    <message>
        <source>Read the run's kept checkpoints again</source>
        <translation>Die behaltenen Checkpoints des Laufs erneut lesen</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>Best guess</source>
        <translation>Bester Tipp</translation>
    </message>
    <message>
        <source>Probability</source>
        <translation>Wahrscheinlichkeit</translation>
    </message>
    <message>
        <source>Reading the kept checkpoints</source>
        <translation>Die behaltenen Checkpoints werden gelesen</translation>
    </message>
    <message>
        <source>Reading the run's kept checkpoints: try again in a moment.</source>
        <translation>Die behaltenen Checkpoints des Laufs werden gelesen: Versuchen Sie es gleich noch einmal.</translation>
    </message>
    <message>
        <source>Asking the model of step {step:,}</source>
        <translation>Das Modell von Schritt {step:,} wird gefragt</translation>
    </message>
    <message>
        <source>Asking every kept checkpoint</source>
        <translation>Jeder behaltene Checkpoint wird gefragt</translation>
    </message>
    <message numerus="yes">
        <source>%Ln kept checkpoint(s), from step {first:,} to {last:,}.</source>
        <translation>
            <numerusform>%Ln behaltener Checkpoint, von Schritt {first:,} bis {last:,}.</numerusform>
            <numerusform>%Ln behaltene Checkpoints, von Schritt {first:,} bis {last:,}.</numerusform>
        </translation>
    </message>
    <message>
        <source>Best guess ({mask})</source>
        <translation>Bester Tipp ({mask})</translation>
    </message>
    <message>
        <source>Probability ({mask})</source>
        <translation>Wahrscheinlichkeit ({mask})</translation>
    </message>
    <message>
        <source>&lt;b&gt;At step {step:,}:&lt;/b&gt; {sentence}</source>
        <translation>&lt;b&gt;Bei Schritt {step:,}:&lt;/b&gt; {sentence}</translation>
    </message>
    <message>
        <source>At step {step:,}: {sentence}</source>
        <translation>Bei Schritt {step:,}: {sentence}</translation>
    </message>
    <message>
        <source>no kept checkpoints</source>
        <translation>keine behaltenen Checkpoints</translation>
    </message>
    <message>
        <source>step {step:,} of {total:,} (copy {copy} of {copies})</source>
        <translation>Schritt {step:,} von {total:,} (Kopie {copy} von {copies})</translation>
    </message>
    <message>
        <source>step {step:,} (copy {copy} of {copies})</source>
        <translation>Schritt {step:,} (Kopie {copy} von {copies})</translation>
    </message>
</context>
<context>
    <name>ClickableText</name>
    <message>
        <source>Type a sentence; write [MASK] where a word is missing.</source>
        <translation>Geben Sie einen Satz ein; schreiben Sie [MASK], wo ein Wort fehlt.</translation>
    </message>
    <message>
        <source>Click a word to mask it; click a mask to bring the word back.</source>
        <translation>Klicken Sie auf ein Wort, um es zu maskieren; ein Klick auf eine Maske holt das Wort zurück.</translation>
    </message>
    <message>
        <source>Click a word to replace it by [MASK].</source>
        <translation>Klicken Sie auf ein Wort, um es durch [MASK] zu ersetzen.</translation>
    </message>
    <message>
        <source>Clickable words</source>
        <translation>Anklickbare Wörter</translation>
    </message>
    <message>
        <source>Click to bring the word back</source>
        <translation>Klicken, um das Wort zurückzuholen</translation>
    </message>
    <message>
        <source>A typed mask: edit the text above to change it</source>
        <translation>Eine eingetippte Maske: Ändern Sie den Text oben, um sie zu ändern</translation>
    </message>
    <message>
        <source>Click to mask '{word}'</source>
        <translation>Klicken, um „{word}“ zu maskieren</translation>
    </message>
    <message>
        <source>(the words of your sentence appear here)</source>
        <translation>(hier erscheinen die Wörter Ihres Satzes)</translation>
    </message>
</context>
<context>
    <name>CompareTab</name>
    <message>
        <source>Tick two to {most} runs to compare</source>
        <translation>Haken Sie zwei bis {most} Läufe zum Vergleichen an</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>Vergleichen</translation>
    </message>
    <message>
        <source>Runs (tick 2 to {most}):</source>
        <translation>Läufe (2 bis {most} anhaken):</translation>
    </message>
    <message>
        <source>Tick two to {most} runs to compare.</source>
        <translation>Haken Sie zwei bis {most} Läufe zum Vergleichen an.</translation>
    </message>
    <message>
        <source>Comparing the runs</source>
        <translation>Die Läufe werden verglichen</translation>
    </message>
    <message>
        <source>&lt;b&gt;Most likely:&lt;/b&gt; {sequence}</source>
        <translation>&lt;b&gt;Am wahrscheinlichsten:&lt;/b&gt; {sequence}</translation>
    </message>
    <message>
        <source>Compare at most {most} runs at once.</source>
        <translation>Vergleichen Sie höchstens {most} Läufe auf einmal.</translation>
    </message>
</context>
<context>
    <name>CompareView</name>
    <message>
        <source>Validation loss</source>
        <translation>Validierungsverlust</translation>
    </message>
    <message>
        <source>loss (nats)</source>
        <translation>Verlust (Nats)</translation>
    </message>
    <message>
        <source>Training loss</source>
        <translation>Trainingsverlust</translation>
    </message>
    <message>
        <source>Validation accuracy</source>
        <translation>Validierungsgenauigkeit</translation>
    </message>
    <message>
        <source>masked-token accuracy</source>
        <translation>Genauigkeit maskierter Tokens</translation>
    </message>
    <message>
        <source>Validation perplexity</source>
        <translation>Validierungsperplexität</translation>
    </message>
    <message>
        <source>perplexity (e^loss)</source>
        <translation>Perplexität (e^Verlust)</translation>
    </message>
    <message>
        <source>Replaced-word detection (AUC)</source>
        <translation>Erkennung ersetzter Wörter (AUC)</translation>
    </message>
    <message>
        <source>detection AUC (0.5 = chance)</source>
        <translation>Erkennungs-AUC (0.5 = Zufall)</translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation>Lernrate</translation>
    </message>
    <message>
        <source>learning rate</source>
        <translation>Lernrate</translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation>Tokens/s</translation>
    </message>
    <message>
        <source>tokens per second</source>
        <translation>Tokens pro Sekunde</translation>
    </message>
    <message>
        <source>Select one or more runs in the table to see their curves here.</source>
        <translation>Wählen Sie einen oder mehrere Läufe in der Tabelle, um hier ihre Kurven zu sehen.</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>Elapsed time (s)</source>
        <translation>Vergangene Zeit (s)</translation>
    </message>
    <message>
        <source>The share of hidden tokens whose first guess is exactly right (held-out text, 15% hidden).</source>
        <translation>Der Anteil versteckter Tokens, deren erster Tipp genau stimmt (zurückgehaltener Text, 15 % versteckt).</translation>
    </message>
    <message>
        <source>Which measurement to overlay</source>
        <translation>Welche Messung überlagert wird</translation>
    </message>
    <message>
        <source>Line the runs up by optimizer step or by seconds of training</source>
        <translation>Die Läufe nach Optimierungsschritt oder nach Trainingssekunden ausrichten</translation>
    </message>
    <message>
        <source>Log y</source>
        <translation>Log. y</translation>
    </message>
    <message>
        <source>Export plot (PNG)…</source>
        <translation>Diagramm exportieren (PNG)…</translation>
    </message>
    <message>
        <source>Export curves (CSV)…</source>
        <translation>Kurven exportieren (CSV)…</translation>
    </message>
    <message>
        <source>Show differences only</source>
        <translation>Nur Unterschiede zeigen</translation>
    </message>
    <message>
        <source>Metric:</source>
        <translation>Messgröße:</translation>
    </message>
    <message>
        <source>x axis:</source>
        <translation>x-Achse:</translation>
    </message>
    <message>
        <source>Curves of the compared runs</source>
        <translation>Kurven der verglichenen Läufe</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>Konfiguration</translation>
    </message>
    <message>
        <source>The plot could not be written to {path}. Check that the folder is writable.</source>
        <translation>Das Diagramm konnte nicht nach {path} geschrieben werden. Prüfen Sie, ob der Ordner beschreibbar ist.</translation>
    </message>
    <message>
        <source>None of these runs recorded {metric} yet.</source>
        <translation>Keiner dieser Läufe hat bisher {metric} aufgezeichnet.</translation>
    </message>
    <message>
        <source>No {metric} recorded for: {runs}</source>
        <translation>Kein(e) {metric} aufgezeichnet für: {runs}</translation>
    </message>
    <message>
        <source>result: val loss</source>
        <translation>Ergebnis: Val.-Verlust</translation>
    </message>
    <message>
        <source>result: val accuracy</source>
        <translation>Ergebnis: Val.-Genauigkeit</translation>
    </message>
    <message>
        <source>result: detection AUC</source>
        <translation>Ergebnis: Erkennungs-AUC</translation>
    </message>
    <message>
        <source>result: val perplexity</source>
        <translation>Ergebnis: Val.-Perplexität</translation>
    </message>
    <message>
        <source>Export plot</source>
        <translation>Diagramm exportieren</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG-Bild (*.png)</translation>
    </message>
    <message>
        <source>Could not export the plot: {reason}</source>
        <translation>Das Diagramm konnte nicht exportiert werden: {reason}</translation>
    </message>
    <message>
        <source>Plot saved to {path}</source>
        <translation>Diagramm gespeichert in {path}</translation>
    </message>
    <message>
        <source>Export curves</source>
        <translation>Kurven exportieren</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>Could not write the curves: {reason}</source>
        <translation>Die Kurven konnten nicht geschrieben werden: {reason}</translation>
    </message>
    <message>
        <source>Curves saved to {path}</source>
        <translation>Kurven gespeichert in {path}</translation>
    </message>
</context>
<context>
    <name>ConfigForm</name>
    <message>
        <source>Auto ({rule})</source>
        <translation>Automatisch ({rule})</translation>
    </message>
    <message>
        <source>Auto: {value:,} ({rule})</source>
        <translation>Automatisch: {value:,} ({rule})</translation>
    </message>
    <message>
        <source>{help}
Default: {default}.</source>
        <translation>{help}
Standard: {default}.</translation>
    </message>
    <message>
        <source>on</source>
        <translation>an</translation>
    </message>
    <message>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <source>(empty)</source>
        <translation>(leer)</translation>
    </message>
</context>
<context>
    <name>CorpusPage</name>
    <message>
        <source>Sample: {title}</source>
        <translation>Beispiel: {title}</translation>
    </message>
    <message>
        <source>Choose the text the model will learn from: a .txt file, a folder of text files, a .jsonl or .csv file, or one of the built-in samples. You can also drop a file or folder anywhere on this page.</source>
        <translation>Wählen Sie den Text, aus dem das Modell lernt: eine .txt-Datei, einen Ordner mit Textdateien, eine .jsonl- oder .csv-Datei oder eines der eingebauten Beispiele. Sie können auch eine Datei oder einen Ordner irgendwo auf diese Seite ziehen.</translation>
    </message>
    <message>
        <source>Open file…</source>
        <translation>Datei öffnen…</translation>
    </message>
    <message>
        <source>Open a .txt, .md, .jsonl or .csv file (Ctrl+O).</source>
        <translation>Eine .txt-, .md-, .jsonl- oder .csv-Datei öffnen (Strg+O).</translation>
    </message>
    <message>
        <source>Open folder…</source>
        <translation>Ordner öffnen…</translation>
    </message>
    <message>
        <source>Use every .txt and .md file in a folder and its sub-folders.</source>
        <translation>Alle .txt- und .md-Dateien eines Ordners und seiner Unterordner verwenden.</translation>
    </message>
    <message>
        <source>For .jsonl files the field, for .csv files the column, that holds the text. Empty means 'text'.</source>
        <translation>Bei .jsonl-Dateien das Feld, bei .csv-Dateien die Spalte, die den Text enthält. Leer bedeutet „text“.</translation>
    </message>
    <message>
        <source>Field / column:</source>
        <translation>Feld / Spalte:</translation>
    </message>
    <message>
        <source>Double-click to open again.</source>
        <translation>Doppelklicken, um erneut zu öffnen.</translation>
    </message>
    <message>
        <source>Built-in samples</source>
        <translation>Eingebaute Beispiele</translation>
    </message>
    <message>
        <source>Recent</source>
        <translation>Zuletzt verwendet</translation>
    </message>
    <message>
        <source>Read the file in this encoding: choose the one whose preview reads right.</source>
        <translation>Die Datei in dieser Kodierung lesen: Wählen Sie die, deren Vorschau richtig aussieht.</translation>
    </message>
    <message>
        <source>Read as:</source>
        <translation>Lesen als:</translation>
    </message>
    <message>
        <source>No corpus yet</source>
        <translation>Noch kein Korpus</translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation>Statistik</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Bytes read from disk.</source>
        <translation>Von der Festplatte gelesene Bytes.</translation>
    </message>
    <message>
        <source>Characters</source>
        <translation>Zeichen</translation>
    </message>
    <message>
        <source>Characters after normalising newlines.</source>
        <translation>Zeichen nach dem Vereinheitlichen der Zeilenumbrüche.</translation>
    </message>
    <message>
        <source>Lines</source>
        <translation>Zeilen</translation>
    </message>
    <message>
        <source>Words</source>
        <translation>Wörter</translation>
    </message>
    <message>
        <source>Whitespace-separated words.</source>
        <translation>Durch Leerraum getrennte Wörter.</translation>
    </message>
    <message>
        <source>Distinct characters</source>
        <translation>Verschiedene Zeichen</translation>
    </message>
    <message>
        <source>The vocabulary of a character tokenizer, before special tokens.</source>
        <translation>Das Vokabular eines Zeichen-Tokenizers, vor den Sondertokens.</translation>
    </message>
    <message>
        <source>Distinct words</source>
        <translation>Verschiedene Wörter</translation>
    </message>
    <message>
        <source>Distinct lower-cased words: roughly what a word tokenizer would need.</source>
        <translation>Verschiedene kleingeschriebene Wörter: ungefähr das, was ein Wort-Tokenizer bräuchte.</translation>
    </message>
    <message>
        <source>Encoding</source>
        <translation>Kodierung</translation>
    </message>
    <message>
        <source>How the file's bytes were read as letters. A guess with low confidence may show wrong letters: then save the file as UTF-8.</source>
        <translation>Wie die Bytes der Datei als Buchstaben gelesen wurden. Eine unsichere Vermutung kann falsche Buchstaben zeigen: Speichern Sie die Datei dann als UTF-8.</translation>
    </message>
    <message>
        <source>Fingerprint</source>
        <translation>Fingerabdruck</translation>
    </message>
    <message>
        <source>SHA-256 of the text: runs on the same text share it.</source>
        <translation>SHA-256 des Textes: Läufe mit demselben Text teilen ihn.</translation>
    </message>
    <message>
        <source>The start of the corpus appears here.</source>
        <translation>Hier erscheint der Anfang des Korpus.</translation>
    </message>
    <message>
        <source>Continue to Setup →</source>
        <translation>Weiter zur Einrichtung →</translation>
    </message>
    <message>
        <source>Preview</source>
        <translation>Vorschau</translation>
    </message>
    <message>
        <source>Open a corpus file</source>
        <translation>Korpusdatei öffnen</translation>
    </message>
    <message>
        <source>Open a folder of text files</source>
        <translation>Ordner mit Textdateien öffnen</translation>
    </message>
    <message>
        <source>Reading {name}…</source>
        <translation>{name} wird gelesen…</translation>
    </message>
    <message>
        <source>Loaded {name}: {characters:,} characters.</source>
        <translation>{name} geladen: {characters:,} Zeichen.</translation>
    </message>
    <message>
        <source>{name} is too large to load into memory. Use a smaller corpus.</source>
        <translation>{name} ist zu groß für den Arbeitsspeicher. Verwenden Sie ein kleineres Korpus.</translation>
    </message>
    <message>
        <source>{name} could not be read ({error}: {reason}). Check the file, or choose another one.</source>
        <translation>{name} konnte nicht gelesen werden ({error}: {reason}). Prüfen Sie die Datei oder wählen Sie eine andere.</translation>
    </message>
    <message>
        <source>The corpus could not be loaded.</source>
        <translation>Das Korpus konnte nicht geladen werden.</translation>
    </message>
    <message>
        <source>Read as {encoding}, as you chose.</source>
        <translation>Als {encoding} gelesen, wie von Ihnen gewählt.</translation>
    </message>
    <message>
        <source>The encoding is an uncertain guess ({encoding}, {confidence:.0%} sure): the file is short, or several encodings read it cleanly. Choose the reading whose preview is right.</source>
        <translation>Die Kodierung ist eine unsichere Vermutung ({encoding}, zu {confidence:.0%} sicher): Die Datei ist kurz, oder mehrere Kodierungen lesen sie fehlerfrei. Wählen Sie die Lesart, deren Vorschau stimmt.</translation>
    </message>
    <message>
        <source>{name}  (missing)</source>
        <translation>{name}  (fehlt)</translation>
    </message>
    <message>
        <source>Several items dropped: using the first. Put the files in one folder to use them all.</source>
        <translation>Mehrere Elemente abgelegt: Das erste wird verwendet. Legen Sie die Dateien in einen Ordner, um alle zu verwenden.</translation>
    </message>
    <message>
        <source>Text corpora (*.txt *.md *.jsonl *.csv *.tsv);;All files (*)</source>
        <translation>Textkorpora (*.txt *.md *.jsonl *.csv *.tsv);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>{encoding}, {confidence:.0%} sure</source>
        <translation>{encoding}, zu {confidence:.0%} sicher</translation>
    </message>
</context>
<context>
    <name>CrashOffer</name>
    <message>
        <source>MLM Studio ended unexpectedly last time. It can put what it recorded (the error's trace, the versions of its parts, the run's settings and the last log lines) into one zip file in your data folder, for you to attach to a bug report. No corpus text goes in, and nothing is sent anywhere.</source>
        <translation>MLM Studio wurde beim letzten Mal unerwartet beendet. Es kann das Aufgezeichnete (den Ablauf des Fehlers, die Versionen seiner Bestandteile, die Einstellungen des Laufs und die letzten Protokollzeilen) in eine ZIP-Datei in Ihrem Datenordner packen, die Sie einem Fehlerbericht beilegen können. Es kommt kein Korpustext hinein, und nichts wird irgendwohin gesendet.</translation>
    </message>
    <message>
        <source>Make a crash report?</source>
        <translation>Absturzbericht erstellen?</translation>
    </message>
    <message>
        <source>Make the zip</source>
        <translation>ZIP-Datei erstellen</translation>
    </message>
    <message>
        <source>Don't report</source>
        <translation>Nicht melden</translation>
    </message>
    <message>
        <source>Later</source>
        <translation>Später</translation>
    </message>
    <message>
        <source>Crash report written</source>
        <translation>Absturzbericht geschrieben</translation>
    </message>
    <message>
        <source>The crash report is in
{path}
Nothing was sent anywhere.</source>
        <translation>Der Absturzbericht liegt in
{path}
Es wurde nichts gesendet.</translation>
    </message>
    <message>
        <source>Crash report written: {path}</source>
        <translation>Absturzbericht geschrieben: {path}</translation>
    </message>
    <message>
        <source>No crash report</source>
        <translation>Kein Absturzbericht</translation>
    </message>
    <message>
        <source>The crash report could not be written: {error}. The trace is kept for next time.</source>
        <translation>Der Absturzbericht konnte nicht geschrieben werden: {error}. Die Aufzeichnung bleibt für das nächste Mal erhalten.</translation>
    </message>
</context>
<context>
    <name>DetailsPane</name>
    <message>
        <source>Notes about this run: what you tried, what you saw.</source>
        <translation>Notizen zu diesem Lauf: was Sie versucht und was Sie gesehen haben.</translation>
    </message>
    <message>
        <source>baseline, 30% masking, …</source>
        <translation>Basislinie, 30 % Maskierung, …</translation>
    </message>
    <message>
        <source>Tags separated by commas</source>
        <translation>Schlagwörter, durch Kommas getrennt</translation>
    </message>
    <message>
        <source>Save notes and tags</source>
        <translation>Notizen und Schlagwörter speichern</translation>
    </message>
    <message>
        <source>Notes:</source>
        <translation>Notizen:</translation>
    </message>
    <message>
        <source>Tags:</source>
        <translation>Schlagwörter:</translation>
    </message>
    <message>
        <source>Run details</source>
        <translation>Laufdetails</translation>
    </message>
    <message numerus="yes">
        <source>%Ln run(s) selected</source>
        <translation>
            <numerusform>%Ln Lauf ausgewählt</numerusform>
            <numerusform>%Ln Läufe ausgewählt</numerusform>
        </translation>
    </message>
    <message>
        <source>Select a run to see its notes and tags.</source>
        <translation>Wählen Sie einen Lauf, um seine Notizen und Schlagwörter zu sehen.</translation>
    </message>
    <message>
        <source>id {id} · {status}</source>
        <translation>ID {id} · {status}</translation>
    </message>
    <message>
        <source>Held-out loss {before} → {after}: the model it started from, then after continued pretraining</source>
        <translation>Verlust (zurückgehalten) {before} → {after}: das Ausgangsmodell, dann nach dem weiteren Vortraining</translation>
    </message>
    <message>
        <source>Missing files: {files}</source>
        <translation>Fehlende Dateien: {files}</translation>
    </message>
    <message>
        <source>files missing</source>
        <translation>Dateien fehlen</translation>
    </message>
</context>
<context>
    <name>ElectraPlots</name>
    <message>
        <source>ELECTRA: the generator fills the hidden words with its guesses; the discriminator says for every word whether it was swapped. It has learnt something once its accuracy is above the share of words left unchanged.</source>
        <translation>ELECTRA: Der Generator füllt die versteckten Wörter mit seinen Tipps; der Diskriminator sagt für jedes Wort, ob es getauscht wurde. Er hat etwas gelernt, sobald seine Genauigkeit über dem Anteil unveränderter Wörter liegt.</translation>
    </message>
    <message>
        <source>The two losses (nats)</source>
        <translation>Die beiden Verluste (Nats)</translation>
    </message>
    <message>
        <source>Spotting the swapped words</source>
        <translation>Getauschte Wörter erkennen</translation>
    </message>
    <message>
        <source>generator (fills the masks)</source>
        <translation>Generator (füllt die Masken)</translation>
    </message>
    <message>
        <source>discriminator (spots swaps)</source>
        <translation>Diskriminator (erkennt Tausch)</translation>
    </message>
    <message>
        <source>discriminator accuracy</source>
        <translation>Genauigkeit des Diskriminators</translation>
    </message>
    <message>
        <source>always 'original'</source>
        <translation>immer „original“</translation>
    </message>
    <message>
        <source>held-out detection AUC</source>
        <translation>Erkennungs-AUC (zurückgehalten)</translation>
    </message>
    <message>
        <source>The generator swapped {replaced:.1%} of the words; the discriminator judged {accuracy:.1%} of them right (always answering 'original' would score {unchanged:.1%}).</source>
        <translation>Der Generator tauschte {replaced:.1%} der Wörter; der Diskriminator beurteilte {accuracy:.1%} davon richtig (immer „original“ zu antworten ergäbe {unchanged:.1%}).</translation>
    </message>
    <message>
        <source>Held-out detection AUC: {auc:.3f} (0.5 is chance).</source>
        <translation>Erkennungs-AUC auf zurückgehaltenem Text: {auc:.3f} (0.5 ist Zufall).</translation>
    </message>
</context>
<context>
    <name>EmbeddingsTab</name>
    <message>
        <source>Every token is a vector inside the model (its embedding). Tokens it uses alike point alike: the nearest ones by cosine similarity (1 = same direction) are the model's idea of similar words. The map squeezes the most frequent tokens onto two axes (PCA). Point at a dot to see its token; click one to look it up.</source>
        <translation>Jedes Token ist ein Vektor im Modell (sein Embedding). Tokens, die es ähnlich verwendet, zeigen in ähnliche Richtungen: Die nächsten nach Kosinus-Ähnlichkeit (1 = gleiche Richtung) sind die Vorstellung des Modells von ähnlichen Wörtern. Die Karte drückt die häufigsten Tokens auf zwei Achsen zusammen (PCA). Zeigen Sie auf einen Punkt, um sein Token zu sehen; klicken Sie, um es nachzuschlagen.</translation>
    </message>
    <message>
        <source>A word, or a token such as ##ing</source>
        <translation>Ein Wort oder ein Token wie ##ing</translation>
    </message>
    <message>
        <source>The word whose neighbours to show. A word the model reads as several pieces uses the mean of its pieces' directions.</source>
        <translation>Das Wort, dessen Nachbarn gezeigt werden. Ein Wort, das das Modell als mehrere Teile liest, verwendet den Mittelwert der Richtungen seiner Teile.</translation>
    </message>
    <message>
        <source>How many nearest tokens to list</source>
        <translation>Wie viele nächste Tokens aufgelistet werden</translation>
    </message>
    <message>
        <source>How many of the most frequent tokens of the training text to draw</source>
        <translation>Wie viele der häufigsten Tokens des Trainingstextes gezeichnet werden</translation>
    </message>
    <message>
        <source>Special tokens</source>
        <translation>Sondertokens</translation>
    </message>
    <message>
        <source>Also list [PAD], [UNK], [CLS], [SEP] and [MASK] among the neighbours (marked with *). They are never on the map.</source>
        <translation>Auch [PAD], [UNK], [CLS], [SEP] und [MASK] unter den Nachbarn aufführen (mit * markiert). Sie stehen nie auf der Karte.</translation>
    </message>
    <message>
        <source>Show neighbours</source>
        <translation>Nachbarn zeigen</translation>
    </message>
    <message>
        <source>Cosine similarity of each token's embedding with the word's</source>
        <translation>Kosinus-Ähnlichkeit des Embeddings jedes Tokens mit dem des Wortes</translation>
    </message>
    <message>
        <source>first principal component</source>
        <translation>erste Hauptkomponente</translation>
    </message>
    <message>
        <source>second</source>
        <translation>zweite</translation>
    </message>
    <message>
        <source>Word:</source>
        <translation>Wort:</translation>
    </message>
    <message>
        <source>Neighbours:</source>
        <translation>Nachbarn:</translation>
    </message>
    <message>
        <source>Map:</source>
        <translation>Karte:</translation>
    </message>
    <message>
        <source>Type a word to see its neighbours, e.g. paris.</source>
        <translation>Geben Sie ein Wort ein, um seine Nachbarn zu sehen, z. B. paris.</translation>
    </message>
    <message>
        <source>Finding the neighbours</source>
        <translation>Die Nachbarn werden gesucht</translation>
    </message>
    <message>
        <source>Nearest to “{word}”</source>
        <translation>Am nächsten an „{word}“</translation>
    </message>
    <message>
        <source>Nearest to {word}: {neighbours}</source>
        <translation>Am nächsten an {word}: {neighbours}</translation>
    </message>
    <message>
        <source>This model knows too few tokens to draw a map.</source>
        <translation>Dieses Modell kennt zu wenige Tokens, um eine Karte zu zeichnen.</translation>
    </message>
    <message>
        <source>{token} (number {rank} of the most frequent)</source>
        <translation>{token} (Nummer {rank} der häufigsten)</translation>
    </message>
    <message>
        <source>{token}: similarity {similarity:.3f}</source>
        <translation>{token}: Ähnlichkeit {similarity:.3f}</translation>
    </message>
    <message>
        <source>{word} (the word asked about)</source>
        <translation>{word} (das gefragte Wort)</translation>
    </message>
    <message>
        <source>The {count} most frequent tokens of the training text (grey), the word (star) and its neighbours (orange). The axes keep {first:.0%} and {second:.0%} of the spread of the vectors.</source>
        <translation>Die {count} häufigsten Tokens des Trainingstextes (grau), das Wort (Stern) und seine Nachbarn (orange). Die Achsen erhalten {first:.0%} und {second:.0%} der Streuung der Vektoren.</translation>
    </message>
</context>
<context>
    <name>EngineMessages</name>
    <message>
        <source>{path} does not exist. Check the path, or choose another file or folder.</source>
        <translation>{path} existiert nicht. Prüfen Sie den Pfad oder wählen Sie eine andere Datei oder einen anderen Ordner.</translation>
    </message>
    <message>
        <source>{name} contains no text (it is empty or only whitespace). Choose a file with some text in it.</source>
        <translation>{name} enthält keinen Text (die Datei ist leer oder enthält nur Leerraum). Wählen Sie eine Datei mit Text.</translation>
    </message>
    <message>
        <source>{name} looks like a binary file ({share} of its first characters are control characters), not plain text. Export it as plain text first.</source>
        <translation>{name} sieht nach einer Binärdatei aus ({share} der ersten Zeichen sind Steuerzeichen), nicht nach reinem Text. Exportieren Sie sie zuerst als reinen Text.</translation>
    </message>
    <message>
        <source>{name} looks like a binary file (it contains {count} NUL bytes), not plain text. Export it as plain text first.</source>
        <translation>{name} sieht nach einer Binärdatei aus (sie enthält {count} NUL-Bytes), nicht nach reinem Text. Exportieren Sie sie zuerst als reinen Text.</translation>
    </message>
    <message>
        <source>The folder {folder} contains no .txt or .md files. Choose a folder with text files, or a single file.</source>
        <translation>Der Ordner {folder} enthält keine .txt- oder .md-Dateien. Wählen Sie einen Ordner mit Textdateien oder eine einzelne Datei.</translation>
    </message>
    <message>
        <source>{path} cannot be read: permission denied. Check the file's permissions, or copy it somewhere you can read.</source>
        <translation>{path} kann nicht gelesen werden: Zugriff verweigert. Prüfen Sie die Berechtigungen der Datei oder kopieren Sie sie an einen Ort, den Sie lesen können.</translation>
    </message>
    <message>
        <source>{path} is not a regular file (it is a device, a pipe or a socket). Choose a text file or a folder.</source>
        <translation>{path} ist keine gewöhnliche Datei (sondern ein Gerät, eine Pipe oder ein Socket). Wählen Sie eine Textdatei oder einen Ordner.</translation>
    </message>
    <message>
        <source>There is no text to train the tokenizer on. Choose a corpus with some text in it.</source>
        <translation>Es gibt keinen Text, an dem der Tokenizer trainiert werden kann. Wählen Sie ein Korpus mit Text.</translation>
    </message>
    <message>
        <source>The training text gives too few tokens to train on ({tokens} tokens, {distinct} distinct). Use a larger corpus or a lower minimum frequency.</source>
        <translation>Der Trainingstext ergibt zu wenige Tokens zum Trainieren ({tokens} Tokens, {distinct} verschiedene). Verwenden Sie ein größeres Korpus oder eine niedrigere Mindesthäufigkeit.</translation>
    </message>
    <message>
        <source>The loss became {value} at step {step}, so training stopped. Try a lower learning rate (now {lr}).</source>
        <translation>Der Verlust wurde bei Schritt {step} zu {value}, daher wurde das Training gestoppt. Versuchen Sie eine niedrigere Lernrate (jetzt {lr}).</translation>
    </message>
    <message>
        <source>Training this model needs about {needed} of memory, but only {free} is free. Choose a smaller width, fewer layers, a smaller vocabulary, batch or sequence length, or close other programs.</source>
        <translation>Das Training dieses Modells braucht etwa {needed} Arbeitsspeicher, aber nur {free} sind frei. Wählen Sie eine kleinere Breite, weniger Schichten, ein kleineres Vokabular, eine kleinere Batchgröße oder Sequenzlänge, oder schließen Sie andere Programme.</translation>
    </message>
    <message>
        <source>The computer was busy or slower than when it was measured: this run made {steps} steps of the {expected} expected in its time ({share}), so it learned less than it could.</source>
        <translation>Der Computer war ausgelastet oder langsamer als bei der Messung: Dieser Lauf hat in seiner Zeit {steps} der erwarteten {expected} Schritte geschafft ({share}) und daher weniger gelernt, als er könnte.</translation>
    </message>
    <message>
        <source>It answers only {answered} of its {asked} fact questions, so it learned too little.</source>
        <translation>Er beantwortet nur {answered} seiner {asked} Faktenfragen, hat also zu wenig gelernt.</translation>
    </message>
    <message>
        <source>To learn more: train longer, give a step count instead of minutes (steps do not depend on how busy the computer is), or close other programs while training.</source>
        <translation>Damit er mehr lernt: länger trainieren, eine Schrittzahl statt Minuten angeben (Schritte hängen nicht davon ab, wie ausgelastet der Computer ist) oder während des Trainings andere Programme schließen.</translation>
    </message>
    <message>
        <source>CPU threads: adaptive, {threads} of {cores} cores (the window keeps a core).</source>
        <translation>CPU-Threads: adaptiv, {threads} von {cores} Kernen (das Fenster behält einen Kern).</translation>
    </message>
    <message>
        <source>CPU threads: adaptive, {threads} of {cores} cores (fewer when the computer is busy).</source>
        <translation>CPU-Threads: adaptiv, {threads} von {cores} Kernen (weniger, wenn der Computer ausgelastet ist).</translation>
    </message>
    <message>
        <source>No corpus chosen. Pick a text file, a folder or a built-in sample.</source>
        <translation>Kein Korpus gewählt. Wählen Sie eine Textdatei, einen Ordner oder ein eingebautes Beispiel.</translation>
    </message>
    <message>
        <source>The corpus gives only {tokens} tokens for training, but one training window needs {needed}. Use a shorter sequence length or add more text.</source>
        <translation>Das Korpus ergibt nur {tokens} Tokens für das Training, aber ein Trainingsfenster braucht {needed}. Verwenden Sie eine kürzere Sequenzlänge oder fügen Sie mehr Text hinzu.</translation>
    </message>
    <message>
        <source>The width ({width}) must be divisible by the number of heads ({heads}). Try {suggestion} or change the heads.</source>
        <translation>Die Breite ({width}) muss durch die Zahl der Köpfe ({heads}) teilbar sein. Versuchen Sie {suggestion} oder ändern Sie die Köpfe.</translation>
    </message>
    <message>
        <source>Rotary positions need an even width per head; {width} wide with {heads} heads gives {per_head}. Change the width or the heads, or use learned positions.</source>
        <translation>Rotary-Positionen brauchen eine gerade Breite je Kopf; Breite {width} mit {heads} Köpfen ergibt {per_head}. Ändern Sie die Breite oder die Köpfe, oder verwenden Sie gelernte Positionen.</translation>
    </message>
    <message>
        <source>ELECTRA (objective 'electra') is built on BERT's own layout, the 'seed' architecture, so that it exports to Hugging Face's ELECTRA; the '{arch}' architecture cannot be used with it. Set the architecture to 'seed' (--arch seed) or the objective to 'mlm'.</source>
        <translation>ELECTRA (Ziel 'electra') baut auf BERTs eigenem Aufbau auf, der Architektur 'seed', damit es sich als ELECTRA von Hugging Face exportieren lässt; die Architektur '{arch}' kann damit nicht verwendet werden. Stellen Sie die Architektur auf 'seed' (--arch seed) oder das Ziel auf 'mlm'.</translation>
    </message>
    <message>
        <source>ESM's token dropout (token_dropout_id) belongs to ESM models: the 'modern' design with rotary positions and the 'mlm' objective. Set it to -1 for this model.</source>
        <translation>Das Token-Dropout von ESM (token_dropout_id) gehört zu ESM-Modellen: dem Aufbau 'modern' mit Rotary-Positionen und dem Ziel 'mlm'. Setzen Sie es für dieses Modell auf -1.</translation>
    </message>
    <message>
        <source>The [MASK] share ({mask}) and the random-token share ({random}) add up to more than 1. Lower one of them; BERT uses 0.8 and 0.1.</source>
        <translation>Der [MASK]-Anteil ({mask}) und der Anteil zufälliger Tokens ({random}) ergeben zusammen mehr als 1. Senken Sie einen davon; BERT verwendet 0.8 und 0.1.</translation>
    </message>
    <message>
        <source>The sequence length ({seq_len}) is longer than the model's maximum length ({max_len}). Shorten the sequences or raise the maximum length.</source>
        <translation>Die Sequenzlänge ({seq_len}) ist größer als die maximale Länge des Modells ({max_len}). Kürzen Sie die Sequenzen oder erhöhen Sie die maximale Länge.</translation>
    </message>
    <message>
        <source>The setting {setting} must be between {low} and {high} (0 means {zero}); got {value}.</source>
        <translation>Die Einstellung {setting} muss zwischen {low} und {high} liegen (0 bedeutet {zero}); angegeben: {value}.</translation>
    </message>
    <message>
        <source>The setting {setting} must be between {low} and {high}; got {value}.</source>
        <translation>Die Einstellung {setting} muss zwischen {low} und {high} liegen; angegeben: {value}.</translation>
    </message>
    <message>
        <source>The setting {setting} must be at least {low} (0 means {zero}); got {value}.</source>
        <translation>Die Einstellung {setting} muss mindestens {low} sein (0 bedeutet {zero}); angegeben: {value}.</translation>
    </message>
    <message>
        <source>The setting {setting} must be at least {low}; got {value}.</source>
        <translation>Die Einstellung {setting} muss mindestens {low} sein; angegeben: {value}.</translation>
    </message>
    <message>
        <source>The setting {setting} must be at most {high} (0 means {zero}); got {value}.</source>
        <translation>Die Einstellung {setting} darf höchstens {high} sein (0 bedeutet {zero}); angegeben: {value}.</translation>
    </message>
    <message>
        <source>The setting {setting} must be at most {high}; got {value}.</source>
        <translation>Die Einstellung {setting} darf höchstens {high} sein; angegeben: {value}.</translation>
    </message>
    <message>
        <source>The setting {setting} holds {count} probes; at most {limit} are tested. Remove some.</source>
        <translation>Die Einstellung {setting} enthält {count} Prüfsätze; höchstens {limit} werden getestet. Entfernen Sie einige.</translation>
    </message>
    <message>
        <source>Probe {number} is empty: write a sentence with [MASK] where the answer goes.</source>
        <translation>Prüfsatz {number} ist leer: Schreiben Sie einen Satz mit [MASK] an der Stelle der Antwort.</translation>
    </message>
    <message>
        <source>Probe {number} is {length} characters long; keep a probe sentence under {limit} characters.</source>
        <translation>Prüfsatz {number} ist {length} Zeichen lang; halten Sie einen Prüfsatz unter {limit} Zeichen.</translation>
    </message>
    <message>
        <source>Probe {number} {sentence} has no [MASK]: a probe asks about exactly one blank, so write [MASK] once, where the answer goes.</source>
        <translation>Prüfsatz {number} {sentence} hat kein [MASK]: Ein Prüfsatz fragt nach genau einer Lücke, schreiben Sie [MASK] also einmal, an der Stelle der Antwort.</translation>
    </message>
    <message>
        <source>Probe {number} {sentence} has {count} [MASK]s: a probe asks about exactly one blank, so write [MASK] once, where the answer goes.</source>
        <translation>Prüfsatz {number} {sentence} hat {count}-mal [MASK]: Ein Prüfsatz fragt nach genau einer Lücke, schreiben Sie [MASK] also einmal, an der Stelle der Antwort.</translation>
    </message>
    <message>
        <source>Probe {number} {sentence} has no expected answer: give the word that belongs at [MASK].</source>
        <translation>Prüfsatz {number} {sentence} hat keine erwartete Antwort: Geben Sie das Wort an, das an die Stelle von [MASK] gehört.</translation>
    </message>
    <message>
        <source>Probe {number} {sentence}: the answer is longer than {limit} characters; give one word.</source>
        <translation>Prüfsatz {number} {sentence}: Die Antwort ist länger als {limit} Zeichen; geben Sie ein Wort an.</translation>
    </message>
    <message>
        <source>Probe {number} {sentence}: the sentence and the answer must each be one line, and the answer without [MASK].</source>
        <translation>Prüfsatz {number} {sentence}: Satz und Antwort müssen je eine Zeile sein, und die Antwort ohne [MASK].</translation>
    </message>
    <message>
        <source>The device 'cuda' was chosen, but PyTorch finds no CUDA GPU on this machine. Choose the device 'auto' or 'cpu'.</source>
        <translation>Das Gerät 'cuda' wurde gewählt, aber PyTorch findet auf diesem Rechner keine CUDA-GPU. Wählen Sie das Gerät 'auto' oder 'cpu'.</translation>
    </message>
    <message>
        <source>The device '{device}' was chosen, but this machine has only {count} CUDA GPU(s). Choose 'cuda' or a lower number.</source>
        <translation>Das Gerät '{device}' wurde gewählt, aber dieser Rechner hat nur {count} CUDA-GPU(s). Wählen Sie 'cuda' oder eine kleinere Nummer.</translation>
    </message>
    <message>
        <source>The device 'mps' was chosen, but Apple's Metal (MPS) is not available here. Choose the device 'auto' or 'cpu'.</source>
        <translation>Das Gerät 'mps' wurde gewählt, aber Apples Metal (MPS) ist hier nicht verfügbar. Wählen Sie das Gerät 'auto' oder 'cpu'.</translation>
    </message>
    <message>
        <source>This GPU cannot compute in bf16. Choose the precision 'fp32' or 'auto'.</source>
        <translation>Diese GPU kann nicht in bf16 rechnen. Wählen Sie die Genauigkeit 'fp32' oder 'auto'.</translation>
    </message>
    <message>
        <source>A run configuration must be a JSON object.</source>
        <translation>Eine Laufkonfiguration muss ein JSON-Objekt sein.</translation>
    </message>
    <message>
        <source>Unknown configuration section(s): {sections}.</source>
        <translation>Unbekannte Abschnitte der Konfiguration: {sections}.</translation>
    </message>
    <message>
        <source>The '{name}' section of the configuration must be an object.</source>
        <translation>Der Abschnitt '{name}' der Konfiguration muss ein Objekt sein.</translation>
    </message>
    <message>
        <source>Unknown setting(s) in '{name}': {settings}.</source>
        <translation>Unbekannte Einstellungen in '{name}': {settings}.</translation>
    </message>
    <message>
        <source>The setting {where} must be on or off (true or false), not {value}.</source>
        <translation>Die Einstellung {where} muss an oder aus sein (true oder false), nicht {value}.</translation>
    </message>
    <message>
        <source>The setting {where} must be a whole number, not {value}.</source>
        <translation>Die Einstellung {where} muss eine ganze Zahl sein, nicht {value}.</translation>
    </message>
    <message>
        <source>The setting {where} must be a number, not {value}.</source>
        <translation>Die Einstellung {where} muss eine Zahl sein, nicht {value}.</translation>
    </message>
    <message>
        <source>The setting {where} must be text, not {value}.</source>
        <translation>Die Einstellung {where} muss ein Text sein, nicht {value}.</translation>
    </message>
    <message>
        <source>This configuration is version {version}; this MLM Studio reads versions 1 to {latest}. Update MLM Studio to read it.</source>
        <translation>Diese Konfiguration hat die Version {version}; dieses MLM Studio liest die Versionen 1 bis {latest}. Aktualisieren Sie MLM Studio, um sie zu lesen.</translation>
    </message>
    <message>
        <source>The configuration {reason}.</source>
        <translation>Die Konfiguration {reason}.</translation>
    </message>
    <message>
        <source>The configuration file {path} {reason}. Give a run.json written by MLM Studio (--save-config).</source>
        <translation>Die Konfigurationsdatei {path} {reason}. Geben Sie eine run.json an, die MLM Studio geschrieben hat (--save-config).</translation>
    </message>
    <message>
        <source>Cannot read the configuration file {path} ({error}). Check the path.</source>
        <translation>Die Konfigurationsdatei {path} kann nicht gelesen werden ({error}). Prüfen Sie den Pfad.</translation>
    </message>
    <message>
        <source>{where} is not a valid tokenizer file ({error}). Train the tokenizer again or pick another run.</source>
        <translation>{where} ist keine gültige Tokenizer-Datei ({error}). Trainieren Sie den Tokenizer neu oder wählen Sie einen anderen Lauf.</translation>
    </message>
    <message>
        <source>{where} was not made by MLM Studio (its model or pre-tokenizer is unknown). Train a tokenizer here instead.</source>
        <translation>{where} stammt nicht von MLM Studio (sein Modell oder Vor-Tokenizer ist unbekannt). Trainieren Sie stattdessen hier einen Tokenizer.</translation>
    </message>
    <message>
        <source>{where} does not have the special token {token} at id {id}, so it was not made by MLM Studio. Train a tokenizer here instead.</source>
        <translation>{where} hat das Sondertoken {token} nicht unter der ID {id} und stammt daher nicht von MLM Studio. Trainieren Sie stattdessen hier einen Tokenizer.</translation>
    </message>
    <message>
        <source>There is no tokenizer file at {path}. The run's files may have been moved or deleted.</source>
        <translation>Unter {path} gibt es keine Tokenizer-Datei. Die Dateien des Laufs wurden vielleicht verschoben oder gelöscht.</translation>
    </message>
    <message>
        <source>The tokenizer file {path} cannot be read ({error}).</source>
        <translation>Die Tokenizer-Datei {path} kann nicht gelesen werden ({error}).</translation>
    </message>
    <message>
        <source>{path}: {reason}</source>
        <translation>{path}: {reason}</translation>
    </message>
    <message>
        <source>{path} is a symbolic link that leads back to itself (a loop). Choose the real file or folder instead.</source>
        <translation>{path} ist ein symbolischer Link, der auf sich selbst zurückführt (eine Schleife). Wählen Sie stattdessen die echte Datei oder den echten Ordner.</translation>
    </message>
    <message>
        <source>{path} is a symbolic link to {target}, which does not exist. Choose the real file or folder instead.</source>
        <translation>{path} ist ein symbolischer Link auf {target}, das nicht existiert. Wählen Sie stattdessen die echte Datei oder den echten Ordner.</translation>
    </message>
    <message>
        <source>The folder {path} cannot be listed ({error}). Check its permissions.</source>
        <translation>Der Inhalt des Ordners {path} lässt sich nicht auflisten ({error}). Prüfen Sie seine Berechtigungen.</translation>
    </message>
    <message>
        <source>None of the {count} text files in {path} contains usable text. The first problem: {reason}</source>
        <translation>Keine der {count} Textdateien in {path} enthält brauchbaren Text. Das erste Problem: {reason}</translation>
    </message>
    <message>
        <source>None of the {count} text files in {path} contains usable text.</source>
        <translation>Keine der {count} Textdateien in {path} enthält brauchbaren Text.</translation>
    </message>
    <message>
        <source>Skipped {path}: {reason}</source>
        <translation>Übersprungen: {path}: {reason}</translation>
    </message>
    <message>
        <source>{path} is a folder, not a file.</source>
        <translation>{path} ist ein Ordner, keine Datei.</translation>
    </message>
    <message>
        <source>{path} cannot be read ({error}). Check that the file is accessible.</source>
        <translation>{path} kann nicht gelesen werden ({error}). Prüfen Sie, ob die Datei zugänglich ist.</translation>
    </message>
    <message>
        <source>Line {line} of {name} is not valid JSON ({json_error}). Fix or remove that line.</source>
        <translation>Zeile {line} von {name} ist kein gültiges JSON ({json_error}). Korrigieren oder entfernen Sie diese Zeile.</translation>
    </message>
    <message>
        <source>Line {line} of {name} is not usable JSON (nested too deep or a number too long). Fix or remove that line.</source>
        <translation>Zeile {line} von {name} ist kein verwendbares JSON (zu tief verschachtelt oder eine zu lange Zahl). Korrigieren oder entfernen Sie diese Zeile.</translation>
    </message>
    <message>
        <source>Line {line} of {name} is not a JSON object. Each line must look like {example}.</source>
        <translation>Zeile {line} von {name} ist kein JSON-Objekt. Jede Zeile muss so aussehen: {example}.</translation>
    </message>
    <message>
        <source>No record of {name} has text in its "{field}" field: {reason}. Choose the field that holds the text.</source>
        <translation>Kein Datensatz von {name} hat Text in seinem Feld „{field}“: {reason}. Wählen Sie das Feld, das den Text enthält.</translation>
    </message>
    <message>
        <source>{name} has no header row. Add a first row naming the columns.</source>
        <translation>{name} hat keine Kopfzeile. Fügen Sie eine erste Zeile hinzu, die die Spalten benennt.</translation>
    </message>
    <message>
        <source>{name} has no column "{column}". Its columns are: {columns}. Choose the column that holds the text.</source>
        <translation>{name} hat keine Spalte „{column}“. Seine Spalten sind: {columns}. Wählen Sie die Spalte, die den Text enthält.</translation>
    </message>
    <message>
        <source>{name} is not a valid CSV file near line {line} ({csv_error}). Fix the file or export it again.</source>
        <translation>{name} ist um Zeile {line} herum keine gültige CSV-Datei ({csv_error}). Korrigieren Sie die Datei oder exportieren Sie sie erneut.</translation>
    </message>
    <message>
        <source>The corpus is too small to split into training and validation text. Add more text.</source>
        <translation>Das Korpus ist zu klein, um es in Trainings- und Validierungstext aufzuteilen. Fügen Sie mehr Text hinzu.</translation>
    </message>
    <message>
        <source>The corpus has almost no real text: {markers} of its {tokens} tokens are the model's own markers ([MASK], [CLS], [SEP], [PAD]) written as text, or spaces. Choose a text with words in it.</source>
        <translation>Das Korpus enthält kaum echten Text: {markers} seiner {tokens} Tokens sind die eigenen Markierungen des Modells ([MASK], [CLS], [SEP], [PAD]), als Text geschrieben, oder Leerzeichen. Wählen Sie einen Text mit Wörtern darin.</translation>
    </message>
    <message>
        <source>The corpus gives only {tokens} tokens for validation, but one validation window needs {needed}. Use a shorter sequence length or add more text.</source>
        <translation>Das Korpus ergibt nur {tokens} Tokens für die Validierung, aber ein Validierungsfenster braucht {needed}. Verwenden Sie eine kürzere Sequenzlänge oder fügen Sie mehr Text hinzu.</translation>
    </message>
    <message>
        <source>{encoding} is not an encoding Python knows. Use a name such as utf-8, cp1252, shift_jis, gbk, big5, euc_kr, cp1251, koi8-r or iso8859-2, or leave the encoding empty to have it detected.</source>
        <translation>{encoding} ist keine Kodierung, die Python kennt. Verwenden Sie einen Namen wie utf-8, cp1252, shift_jis, gbk, big5, euc_kr, cp1251, koi8-r oder iso8859-2, oder lassen Sie die Kodierung leer, damit sie erkannt wird.</translation>
    </message>
    <message>
        <source>{name} is not {encoding}: byte {byte} cannot be read in that encoding. Choose another encoding, or leave it empty to have it detected.</source>
        <translation>{name} ist nicht in {encoding} kodiert: Byte {byte} lässt sich in dieser Kodierung nicht lesen. Wählen Sie eine andere Kodierung oder lassen Sie sie leer, damit sie erkannt wird.</translation>
    </message>
    <message>
        <source>{name} starts with a {encoding} byte-order mark but is not valid {again} (at byte {byte}). Save it again as UTF-8.</source>
        <translation>{name} beginnt mit einer Bytereihenfolge-Markierung für {encoding}, ist aber kein gültiges {again} (bei Byte {byte}). Speichern Sie die Datei erneut als UTF-8.</translation>
    </message>
    <message>
        <source>{name} does not look like text in any encoding (it is probably a binary file, such as an image, an archive or a program). Choose a plain text file, or export the document as plain text (.txt) first.</source>
        <translation>{name} sieht in keiner Kodierung wie Text aus (es ist wahrscheinlich eine Binärdatei, etwa ein Bild, ein Archiv oder ein Programm). Wählen Sie eine reine Textdatei oder exportieren Sie das Dokument zuerst als reinen Text (.txt).</translation>
    </message>
    <message>
        <source>There is no built-in sample called "{name}". The samples are: {samples}.</source>
        <translation>Es gibt kein eingebautes Beispiel namens „{name}“. Die Beispiele sind: {samples}.</translation>
    </message>
    <message>
        <source>The Python documentation sample is not available: this Python was installed without pydoc_data. Choose another sample or open a text file.</source>
        <translation>Das Beispiel aus der Python-Dokumentation ist nicht verfügbar: Dieses Python wurde ohne pydoc_data installiert. Wählen Sie ein anderes Beispiel oder öffnen Sie eine Textdatei.</translation>
    </message>
    <message>
        <source>line {line} has no "{field}" field (its fields: {fields})</source>
        <translation>Zeile {line} hat kein Feld „{field}“ (ihre Felder: {fields})</translation>
    </message>
    <message>
        <source>At most {most} words can be added at once, not {count}: each is a new row the short run must learn. Add fewer words.</source>
        <translation>Es lassen sich höchstens {most} Wörter auf einmal hinzufügen, nicht {count}: Jedes ist eine neue Zeile, die der kurze Lauf lernen muss. Fügen Sie weniger Wörter hinzu.</translation>
    </message>
    <message>
        <source>No words to add were given. Give at least one word, or add none.</source>
        <translation>Es wurden keine Wörter zum Hinzufügen angegeben. Geben Sie mindestens ein Wort an oder fügen Sie keines hinzu.</translation>
    </message>
    <message>
        <source>This model's tokenizer reads text one character at a time, so it cannot take whole words. Train without adding words.</source>
        <translation>Der Tokenizer dieses Modells liest Text Zeichen für Zeichen und kann daher keine ganzen Wörter aufnehmen. Trainieren Sie, ohne Wörter hinzuzufügen.</translation>
    </message>
    <message>
        <source>{word} is not one word to this model's tokenizer (it has spaces or punctuation in it, or is longer than {most} characters){split_as}. Add single words.</source>
        <translation>{word} ist für den Tokenizer dieses Modells kein einzelnes Wort (es enthält Leerzeichen oder Satzzeichen oder ist länger als {most} Zeichen){split_as}. Fügen Sie einzelne Wörter hinzu.</translation>
    </message>
    <message>
        <source>{word} is already one token of this model's vocabulary. Leave it out of the words to add.</source>
        <translation>{word} ist bereits ein Token im Vokabular dieses Modells. Lassen Sie es bei den hinzuzufügenden Wörtern weg.</translation>
    </message>
    <message>
        <source>{word} is in the list twice. Give each word once.</source>
        <translation>{word} steht zweimal in der Liste. Geben Sie jedes Wort nur einmal an.</translation>
    </message>
    <message>
        <source>{word} could not be made one token of this tokenizer. Leave it out of the words to add.</source>
        <translation>{word} ließ sich nicht zu einem Token dieses Tokenizers machen. Lassen Sie es bei den hinzuzufügenden Wörtern weg.</translation>
    </message>
    <message>
        <source>This tokenizer's vocabulary has gaps in its ids, so words cannot be added after it.</source>
        <translation>Das Vokabular dieses Tokenizers hat Lücken in seinen IDs, daher lassen sich keine Wörter dahinter anfügen.</translation>
    </message>
    <message>
        <source>Words cannot be added to a {kind} tokenizer.</source>
        <translation>Einem Tokenizer der Art {kind} lassen sich keine Wörter hinzufügen.</translation>
    </message>
    <message>
        <source>The model's {name} does not have one row per token, so it cannot grow.</source>
        <translation>{name} des Modells hat nicht eine Zeile pro Token und kann daher nicht wachsen.</translation>
    </message>
    <message>
        <source>{word} is already in this tokenizer's vocabulary. Leave it out of the words to add.</source>
        <translation>{word} ist bereits im Vokabular dieses Tokenizers. Lassen Sie es bei den hinzuzufügenden Wörtern weg.</translation>
    </message>
    <message>
        <source>; it reads it as {count} words: {words}</source>
        <translation>; er liest es als {count} Wörter: {words}</translation>
    </message>
    <message>
        <source>The general text {source} holds no words to test on. Choose a longer general text, or leave it empty.</source>
        <translation>Der allgemeine Text {source} enthält keine Wörter zum Testen. Wählen Sie einen längeren allgemeinen Text oder lassen Sie das Feld leer.</translation>
    </message>
    <message>
        <source>The general text {source} cannot be used: {reason} Choose another general text, or leave it empty to test only on the corpus.</source>
        <translation>Der allgemeine Text {source} lässt sich nicht verwenden: {reason} Wählen Sie einen anderen allgemeinen Text oder lassen Sie das Feld leer, um nur am Korpus zu testen.</translation>
    </message>
    <message>
        <source>A sweep plans 1 to 1000 trials, not {trials}.</source>
        <translation>Ein Sweep plant 1 bis 1000 Versuche, nicht {trials}.</translation>
    </message>
    <message>
        <source>A budget of {budget} over {trials} trials leaves under a second per trial. Give a longer budget or fewer trials.</source>
        <translation>Ein Budget von {budget} für {trials} Versuche lässt weniger als eine Sekunde pro Versuch. Geben Sie ein längeres Budget oder weniger Versuche an.</translation>
    </message>
    <message>
        <source>The corpus of sweep '{name}' ({source}) has changed since the sweep began, so its trials would not compare. Restore the text, or start a new sweep.</source>
        <translation>Das Korpus von Sweep '{name}' ({source}) hat sich seit dem Beginn des Sweeps geändert, seine Versuche wären also nicht vergleichbar. Stellen Sie den Text wieder her oder beginnen Sie einen neuen Sweep.</translation>
    </message>
    <message>
        <source>Sweep '{name}' is running in another process or window. Stop it there first.</source>
        <translation>Sweep '{name}' läuft in einem anderen Prozess oder Fenster. Stoppen Sie ihn zuerst dort.</translation>
    </message>
    <message>
        <source>A sweep needs at least one setting to vary, e.g. --param lr=1e-4:3e-3:log (or the recipe preset, which picks them itself).</source>
        <translation>Ein Sweep braucht mindestens eine Einstellung, die er variiert, z. B. --param lr=1e-4:3e-3:log (oder die Voreinstellung „recipe“, die sie selbst wählt).</translation>
    </message>
    <message>
        <source>A sweep varies at most {most} settings at once ({given} given); more would need far more trials than a time budget allows.</source>
        <translation>Ein Sweep variiert höchstens {most} Einstellungen auf einmal ({given} angegeben); mehr bräuchten weit mehr Versuche, als ein Budget erlaubt.</translation>
    </message>
    <message>
        <source>'{text}' is not a duration. Write it as 90s, 20m or 1.5h.</source>
        <translation>'{text}' ist keine Dauer. Schreiben Sie sie als 90s, 20m oder 1.5h.</translation>
    </message>
    <message>
        <source>A budget of {text} is too short for even one trial; give at least {most} seconds (e.g. 10m).</source>
        <translation>Ein Budget von {text} ist zu kurz für auch nur einen Versuch; geben Sie mindestens {most} Sekunden an (z. B. 10m).</translation>
    </message>
    <message>
        <source>A budget of {text} is longer than a week; give at most 168h.</source>
        <translation>Ein Budget von {text} ist länger als eine Woche; geben Sie höchstens 168h an.</translation>
    </message>
    <message>
        <source>{reason} Keep the sweep inside what the setting allows.</source>
        <translation>{reason} Halten Sie den Sweep innerhalb dessen, was die Einstellung erlaubt.</translation>
    </message>
    <message>
        <source>'{name}' cannot name a sweep: use up to 60 letters, digits, dots, dashes or underscores, starting with a letter or digit (e.g. pydoc-lr).</source>
        <translation>'{name}' kann keinen Sweep benennen: Verwenden Sie bis zu 60 Buchstaben, Ziffern, Punkte, Bindestriche oder Unterstriche, beginnend mit einem Buchstaben oder einer Ziffer (z. B. pydoc-lr).</translation>
    </message>
    <message>
        <source>Sweep '{name}' cannot be read: the settings in its journal are damaged ({error}). Start a new sweep; its runs stay in History.</source>
        <translation>Sweep '{name}' lässt sich nicht lesen: Die Einstellungen in seinem Journal sind beschädigt ({error}). Beginnen Sie einen neuen Sweep; seine Läufe bleiben im Verlauf.</translation>
    </message>
    <message>
        <source>No readable journal holds a sweep named '{name}'. {reason}</source>
        <translation>Kein lesbares Journal enthält einen Sweep namens '{name}'. {reason}</translation>
    </message>
    <message>
        <source>The files in {folder} are in different encodings; each was read in its own.</source>
        <translation>Die Dateien in {folder} haben verschiedene Kodierungen; jede wurde in ihrer eigenen gelesen.</translation>
    </message>
    <message>
        <source>Not UTF-8: {files}.</source>
        <translation>Nicht UTF-8: {files}.</translation>
    </message>
    <message>
        <source>{name} contains {count} NUL characters (zero bytes, often left by a crash or a bad copy); they were left out.</source>
        <translation>{name} enthält {count} NUL-Zeichen (Null-Bytes, oft von einem Absturz oder einer fehlerhaften Kopie); sie wurden weggelassen.</translation>
    </message>
    <message>
        <source>{count} of the {records} records of {name} were skipped because their "{field}" field is missing or not text; the first: {reason}.</source>
        <translation>{count} der {records} Datensätze von {name} wurden übersprungen, weil ihr Feld „{field}“ fehlt oder kein Text ist; der erste: {reason}.</translation>
    </message>
    <message>
        <source>{count} rows of {name} had no "{column}" cell (fewer cells than the header names) and were skipped.</source>
        <translation>Zeilen von {name} ohne Zelle „{column}“ (weniger Zellen, als die Kopfzeile nennt) wurden übersprungen: {count}.</translation>
    </message>
    <message>
        <source>{name} has a quote (") that is never closed, so everything from line {line} to the end was read as one cell.</source>
        <translation>{name} hat ein Anführungszeichen ("), das nie geschlossen wird, daher wurde alles ab Zeile {line} bis zum Ende als eine Zelle gelesen.</translation>
    </message>
    <message>
        <source>Close the quote, or export the file again from your spreadsheet.</source>
        <translation>Schließen Sie das Anführungszeichen oder exportieren Sie die Datei erneut aus Ihrer Tabellenkalkulation.</translation>
    </message>
    <message>
        <source>{name} ends in the middle of a UTF-16 character (it has an odd number of bytes); the last byte was left out.</source>
        <translation>{name} endet mitten in einem UTF-16-Zeichen (es hat eine ungerade Zahl von Bytes); das letzte Byte wurde weggelassen.</translation>
    </message>
    <message>
        <source>{name} ends in the middle of a UTF-16 character (it has an odd number of bytes); the last byte became �.</source>
        <translation>{name} endet mitten in einem UTF-16-Zeichen (es hat eine ungerade Zahl von Bytes); aus dem letzten Byte wurde �.</translation>
    </message>
    <message>
        <source>The file may have been cut short.</source>
        <translation>Die Datei wurde vielleicht abgeschnitten.</translation>
    </message>
    <message>
        <source>{name} is {label} but {count} of its characters could not be read (the first at byte {byte}); they were replaced by �.</source>
        <translation>{name} ist in {label} kodiert, aber {count} seiner Zeichen ließen sich nicht lesen (das erste bei Byte {byte}); sie wurden durch � ersetzt.</translation>
    </message>
    <message>
        <source>Save the file again as UTF-8 to keep them.</source>
        <translation>Speichern Sie die Datei erneut als UTF-8, um sie zu behalten.</translation>
    </message>
    <message>
        <source>{name} is not UTF-8, and its encoding is uncertain, only a guess: it was read as {label} with {confidence} confidence.</source>
        <translation>{name} ist nicht UTF-8, und seine Kodierung ist unsicher, nur eine Vermutung: Die Datei wurde als {label} gelesen, mit {confidence} Sicherheit.</translation>
    </message>
    <message>
        <source>It could also be {others}.</source>
        <translation>Sie könnte auch sein: {others}.</translation>
    </message>
    <message>
        <source>Choose the one whose letters read right (--encoding NAME), or open the file in a text editor and save it as UTF-8.</source>
        <translation>Wählen Sie die, deren Buchstaben richtig aussehen (--encoding NAME), oder öffnen Sie die Datei in einem Texteditor und speichern Sie sie als UTF-8.</translation>
    </message>
    <message>
        <source>If letters look wrong in the preview, choose the encoding (--encoding NAME), or open the file in a text editor and save it as UTF-8.</source>
        <translation>Wenn Buchstaben in der Vorschau falsch aussehen, wählen Sie die Kodierung (--encoding NAME), oder öffnen Sie die Datei in einem Texteditor und speichern Sie sie als UTF-8.</translation>
    </message>
    <message>
        <source>Probe {number} of {where} must be an object with a "sentence" and an "answer", not {value}.</source>
        <translation>Probe {number} von {where} muss ein Objekt mit „sentence“ und „answer“ sein, nicht {value}.</translation>
    </message>
    <message>
        <source>Probe {number} of {where}: the sentence and the answer must be text.</source>
        <translation>Probe {number} von {where}: Satz und Antwort müssen Text sein.</translation>
    </message>
    <message>
        <source>{reason} The longest sequence length this corpus fills is {length}.</source>
        <translation>{reason} Die längste Sequenzlänge, die dieses Korpus füllt, ist {length}.</translation>
    </message>
    <message>
        <source>This run uses the distance bias (ALiBi-style), which no Hugging Face transformers encoder has, so it cannot be exported exactly. Runs trained with the distance bias off (--no-distance-bias; in Setup, Advanced: 'Distance bias') or with --arch seed can be exported; with rotary positions (--positions rotary) a run without the distance bias learns nearly as fast.</source>
        <translation>Dieser Lauf verwendet den Abstands-Bias (nach Art von ALiBi), den kein Encoder von Hugging Face transformers hat, daher lässt er sich nicht exakt exportieren. Läufe, die ohne Abstands-Bias (--no-distance-bias; in der Einrichtung unter Erweitert: „Abstands-Bias“) oder mit --arch seed trainiert wurden, lassen sich exportieren; mit Rotary-Positionen (--positions rotary) lernt ein Lauf ohne Abstands-Bias fast genauso schnell.</translation>
    </message>
    <message>
        <source>Run {run} has no trained model: its folder {folder} was deleted or moved. Put the folder back, or delete the run from the history.</source>
        <translation>Lauf {run} hat kein trainiertes Modell: Sein Ordner {folder} wurde gelöscht oder verschoben. Legen Sie den Ordner zurück, oder löschen Sie den Lauf aus dem Laufverlauf.</translation>
    </message>
    <message>
        <source>Run {run} is still training and has not saved its model yet. Wait until it ends.</source>
        <translation>Lauf {run} trainiert noch und hat sein Modell noch nicht gespeichert. Warten Sie, bis er endet.</translation>
    </message>
    <message>
        <source>Run {run} has not started, so it has no model yet.</source>
        <translation>Lauf {run} hat noch nicht begonnen und hat daher noch kein Modell.</translation>
    </message>
    <message>
        <source>Run {run} has no trained model: {missing} missing from {folder}. The files were deleted or moved; put them back, or choose another run.</source>
        <translation>Lauf {run} hat kein trainiertes Modell: In {folder} fehlt {missing}. Die Dateien wurden gelöscht oder verschoben; legen Sie sie zurück, oder wählen Sie einen anderen Lauf.</translation>
    </message>
    <message>
        <source>Run {run} is {status}: it ended at step {step}, before it saved a model or a checkpoint. Resume it ('{command}') to train it again from the start, or choose another run.</source>
        <translation>Lauf {run} ist {status}: Er endete bei Schritt {step}, bevor er ein Modell oder einen Checkpoint gespeichert hat. Setzen Sie ihn fort ('{command}'), um ihn noch einmal von vorn zu trainieren, oder wählen Sie einen anderen Lauf.</translation>
    </message>
    <message>
        <source>Run {run} is {status} and has not saved a model yet. Resume it ('{command}') to train on and save one, or choose another run.</source>
        <translation>Lauf {run} ist {status} und hat noch kein Modell gespeichert. Setzen Sie ihn fort ('{command}'), um weiterzutrainieren und eines zu speichern, oder wählen Sie einen anderen Lauf.</translation>
    </message>
    <message>
        <source>A run name cannot be empty. Give a few words that describe the run.</source>
        <translation>Der Name eines Laufs darf nicht leer sein. Geben Sie ein paar Wörter an, die den Lauf beschreiben.</translation>
    </message>
    <message>
        <source>Run {run} is being trained by a process that is still alive (perhaps paused or suspended). Stop it before deleting it.</source>
        <translation>Lauf {run} wird von einem Prozess trainiert, der noch lebt (vielleicht pausiert oder angehalten). Stoppen Sie ihn, bevor Sie ihn löschen.</translation>
    </message>
    <message>
        <source>Run {run} is {status}; stop it before deleting it.</source>
        <translation>Lauf {run} hat den Status „{status}“; stoppen Sie ihn, bevor Sie ihn löschen.</translation>
    </message>
    <message>
        <source>Run {run} cannot be compared: {reason}</source>
        <translation>Lauf {run} kann nicht verglichen werden: {reason}</translation>
    </message>
    <message>
        <source>The stored configuration of run {run} is no longer valid: {reason}</source>
        <translation>Die gespeicherte Konfiguration von Lauf {run} ist nicht mehr gültig: {reason}</translation>
    </message>
    <message>
        <source>Run {run} has already been started (it is {status}). Resume it instead, or start a new run.</source>
        <translation>Lauf {run} wurde bereits gestartet (Status: {status}). Setzen Sie ihn stattdessen fort, oder starten Sie einen neuen Lauf.</translation>
    </message>
    <message>
        <source>The folder of run {run} ({folder}) is missing or has no config.json, so it cannot be resumed. Start a new run with the same settings instead.</source>
        <translation>Der Ordner von Lauf {run} ({folder}) fehlt oder hat keine config.json, daher kann der Lauf nicht fortgesetzt werden. Starten Sie stattdessen einen neuen Lauf mit denselben Einstellungen.</translation>
    </message>
    <message>
        <source>The folder of run {run} cannot be written ({error}). Check the disk and the permissions.</source>
        <translation>In den Ordner von Lauf {run} kann nicht geschrieben werden ({error}). Prüfen Sie den Datenträger und die Berechtigungen.</translation>
    </message>
    <message>
        <source>Run {run} is being trained by another process right now. Stop it there first, or wait until it ends.</source>
        <translation>Lauf {run} wird gerade von einem anderen Prozess trainiert. Stoppen Sie ihn zuerst dort, oder warten Sie, bis er endet.</translation>
    </message>
    <message>
        <source>Run {run} is {status} in process {pid} on {host}. Stop it there first, or wait until it ends.</source>
        <translation>Lauf {run} hat in Prozess {pid} auf {host} den Status „{status}“. Stoppen Sie ihn zuerst dort, oder warten Sie, bis er endet.</translation>
    </message>
    <message>
        <source>Run {run} has already completed, so there is nothing to resume. Start a new run to train longer.</source>
        <translation>Lauf {run} ist bereits abgeschlossen, es gibt also nichts fortzusetzen. Starten Sie einen neuen Lauf, um länger zu trainieren.</translation>
    </message>
    <message>
        <source>Run {run} has not started yet, so there is nothing to resume.</source>
        <translation>Lauf {run} hat noch nicht begonnen, es gibt also nichts fortzusetzen.</translation>
    </message>
    <message>
        <source>Run {run} is a model opened from a folder, not trained here, so it has no held-out text of its own. Choose a text to measure it on (on the command line: {command}).</source>
        <translation>Lauf {run} ist ein aus einem Ordner geöffnetes Modell, nicht hier trainiert, und hat daher keinen eigenen zurückgehaltenen Text. Wählen Sie einen Text, an dem es gemessen wird (auf der Kommandozeile: {command}).</translation>
    </message>
    <message>
        <source>Both references name run {run}. Choose two different runs to compare.</source>
        <translation>Beide Angaben bezeichnen Lauf {run}. Wählen Sie zwei verschiedene Läufe zum Vergleichen.</translation>
    </message>
    <message>
        <source>Runs {a} and {b} were trained on different corpora ({corpus_a} and {corpus_b}), so their validation texts differ and cannot be compared. Choose two runs of the same corpus.</source>
        <translation>Die Läufe {a} und {b} wurden auf verschiedenen Korpora trainiert ({corpus_a} und {corpus_b}), daher unterscheiden sich ihre Validierungstexte und lassen sich nicht vergleichen. Wählen Sie zwei Läufe desselben Korpus.</translation>
    </message>
    <message>
        <source>'{text}' is not a sweep setting. Write NAME=LOW:HIGH (a range, add :log for a log scale) or NAME=A,B,C (choices), e.g. lr=1e-4:3e-3:log.</source>
        <translation>'{text}' ist keine Sweep-Einstellung. Schreiben Sie NAME=VON:BIS (ein Bereich, mit :log für eine logarithmische Skala) oder NAME=A,B,C (eine Auswahl), z. B. lr=1e-4:3e-3:log.</translation>
    </message>
    <message>
        <source>'{name}' is not a run setting, so it cannot be swept. Use one of: {names}.</source>
        <translation>'{name}' ist keine Einstellung eines Laufs und kann daher nicht variiert werden. Verwenden Sie eine von: {names}.</translation>
    </message>
    <message>
        <source>'{name}' has no range. Give LOW:HIGH or a list of choices such as 1,2,4.</source>
        <translation>'{name}' hat keinen Bereich. Geben Sie VON:BIS oder eine Auswahl wie 1,2,4 an.</translation>
    </message>
    <message>
        <source>The range '{values}' for {label} is not LOW:HIGH or LOW:HIGH:log (e.g. {example}).</source>
        <translation>Der Bereich '{values}' für {label} hat nicht die Form VON:BIS oder VON:BIS:log (z. B. {example}).</translation>
    </message>
    <message>
        <source>{label} is not a number, so it takes choices, not a range: {example}.</source>
        <translation>{label} ist keine Zahl und nimmt daher eine Auswahl statt eines Bereichs: {example}.</translation>
    </message>
    <message>
        <source>The range {low}:{high} for {label} is empty: the low end must be below the high end.</source>
        <translation>Der Bereich {low}:{high} für {label} ist leer: Der untere Wert muss kleiner als der obere sein.</translation>
    </message>
    <message>
        <source>A log-scale range cannot start at {low} ({label}); start it above 0 or drop ':log'.</source>
        <translation>Ein logarithmischer Bereich kann nicht bei {low} beginnen ({label}); beginnen Sie über 0 oder lassen Sie ':log' weg.</translation>
    </message>
    <message>
        <source>No width between {low} and {high} divides by the {heads} attention heads; widen the range.</source>
        <translation>Keine Breite zwischen {low} und {high} ist durch die {heads} Attention-Köpfe teilbar; erweitern Sie den Bereich.</translation>
    </message>
    <message>
        <source>The choices '{values}' for {label} have an empty entry; separate values with single commas, e.g. 1,2,4.</source>
        <translation>Die Auswahl '{values}' für {label} hat einen leeren Eintrag; trennen Sie die Werte durch einzelne Kommas, z. B. 1,2,4.</translation>
    </message>
    <message>
        <source>{label} has only one choice ({choice}), so there is nothing to compare. Give at least two, or a range LOW:HIGH.</source>
        <translation>{label} hat nur einen Wert zur Auswahl ({choice}), es gibt also nichts zu vergleichen. Geben Sie mindestens zwei an oder einen Bereich VON:BIS.</translation>
    </message>
    <message>
        <source>{label} is given twice; give each setting once.</source>
        <translation>{label} ist doppelt angegeben; geben Sie jede Einstellung einmal an.</translation>
    </message>
    <message>
        <source>The {what} for {label}: {reason}</source>
        <translation>{what} für {label}: {reason}</translation>
    </message>
    <message>
        <source>No trial could train with {names} ({text}) on this base recipe: {reason} Drop those choices, or change the base recipe so they fit.</source>
        <translation>Kein Versuch könnte mit {names} ({text}) auf diesem Grundrezept trainieren: {reason} Lassen Sie diese Werte weg, oder ändern Sie das Grundrezept, damit sie passen.</translation>
    </message>
    <message>
        <source>Keep the sweep inside what the setting allows.</source>
        <translation>Halten Sie den Sweep innerhalb dessen, was die Einstellung erlaubt.</translation>
    </message>
    <message>
        <source>One process: no communication; the run takes as long as it does here on a machine as fast as this one.</source>
        <translation>Ein Prozess: keine Kommunikation; der Lauf dauert auf einem Rechner, der so schnell ist wie dieser, so lange wie hier.</translation>
    </message>
    <message>
        <source>Expect about {speedup}x the speed of this computer with {processes} processes: a step takes {step_ms} ms here, and exchanging the gradient over 1 Gbit/s Ethernet adds about {exchange_ms} ms to every step.</source>
        <translation>Erwarten Sie mit {processes} Prozessen etwa das {speedup}-Fache der Geschwindigkeit dieses Computers: Ein Schritt dauert hier {step_ms} ms, und der Austausch des Gradienten über 1-Gbit/s-Ethernet fügt jedem Schritt etwa {exchange_ms} ms hinzu.</translation>
    </message>
    <message>
        <source>That is slower than training here: use fewer, faster machines or a faster network.</source>
        <translation>Das ist langsamer als das Training hier: Verwenden Sie weniger, schnellere Rechner oder ein schnelleres Netzwerk.</translation>
    </message>
    <message>
        <source>The rendezvous port must be between 1 and 65535; got {port}.</source>
        <translation>Der Rendezvous-Port muss zwischen 1 und 65535 liegen; angegeben: {port}.</translation>
    </message>
    <message>
        <source>The rendezvous host {host} is not a host name or an IP address. Give the address of the first node, e.g. 10.0.0.1 or node01.</source>
        <translation>Der Rendezvous-Host {host} ist weder ein Hostname noch eine IP-Adresse. Geben Sie die Adresse des ersten Rechners an, z. B. 10.0.0.1 oder node01.</translation>
    </message>
    <message>
        <source>The rendezvous address {address} is not HOST:PORT (e.g. 10.0.0.1:29500).</source>
        <translation>Die Rendezvous-Adresse {address} hat nicht die Form HOST:PORT (z. B. 10.0.0.1:29500).</translation>
    </message>
    <message>
        <source>Chinese lines without spaces are split into words by {segmenter}, so whole-word and span masking hide each of its words whole.</source>
        <translation>Chinesische Zeilen ohne Leerzeichen teilt {segmenter} in Wörter, sodass Ganzwort- und Span-Maskierung jedes dieser Wörter ganz verdecken.</translation>
    </message>
    <message>
        <source>Some Chinese or Japanese lines have no spaces between words, so whole-word and span masking treat each character there (each kana run) as a word.</source>
        <translation>Einige chinesische oder japanische Zeilen haben keine Leerzeichen zwischen den Wörtern, daher behandeln Ganzwort- und Span-Maskierung dort jedes Schriftzeichen (jede Kana-Folge) als ein Wort.</translation>
    </message>
    <message>
        <source>Put spaces between the words to have them masked whole.</source>
        <translation>Setzen Sie Leerzeichen zwischen die Wörter, damit sie ganz maskiert werden.</translation>
    </message>
    <message>
        <source>Put spaces between the words to have them masked whole, or install {segmenter} ({how}) to split Chinese into words.</source>
        <translation>Setzen Sie Leerzeichen zwischen die Wörter, damit sie ganz maskiert werden, oder installieren Sie {segmenter} ({how}), um Chinesisch in Wörter zu teilen.</translation>
    </message>
    <message>
        <source>Put spaces between the words to have them masked whole, or install {segmenter} (the desktop bundle does not hold {segmenter}; a pip install of MLM Studio can add it) to split Chinese into words.</source>
        <translation>Setzen Sie Leerzeichen zwischen die Wörter, damit sie ganz maskiert werden, oder installieren Sie {segmenter} (das Desktop-Paket enthält {segmenter} nicht; eine pip-Installation von MLM Studio kann es hinzufügen), um Chinesisch in Wörter zu teilen.</translation>
    </message>
    <message>
        <source>The model's output layer is its input embedding (tied), so these are the vectors it both reads and predicts with.</source>
        <translation>Die Ausgabeschicht des Modells ist sein Eingabe-Embedding (gekoppelt), das sind also die Vektoren, mit denen es sowohl liest als auch vorhersagt.</translation>
    </message>
    <message>
        <source>This model (the 'seed' design) has an output layer separate from its input embedding: the neighbours and the map use the input token embedding.</source>
        <translation>Dieses Modell (der Aufbau 'seed') hat eine vom Eingabe-Embedding getrennte Ausgabeschicht: Die Nachbarn und die Karte verwenden das Eingabe-Embedding der Tokens.</translation>
    </message>
    <message>
        <source>'{word}' is {count} tokens for this model ({pieces}): the neighbours are those of the mean of their unit vectors, and the pieces themselves are left out.</source>
        <translation>'{word}' ist für dieses Modell {count} Tokens ({pieces}): Die Nachbarn sind die des Mittels ihrer Einheitsvektoren, die Teile selbst sind ausgelassen.</translation>
    </message>
    <message>
        <source>'{word}' is {count} tokens for this model ({pieces}) (its unknown parts, [UNK], left out): the neighbours are those of the mean of their unit vectors, and the pieces themselves are left out.</source>
        <translation>'{word}' ist für dieses Modell {count} Tokens ({pieces}) (ohne seine unbekannten Teile, [UNK]): Die Nachbarn sind die des Mittels ihrer Einheitsvektoren, die Teile selbst sind ausgelassen.</translation>
    </message>
    <message>
        <source>{word} is a special token: it has no neighbours worth showing. Type an ordinary word.</source>
        <translation>{word} ist ein Sondertoken: Es hat keine Nachbarn, die sich zu zeigen lohnen. Geben Sie ein gewöhnliches Wort ein.</translation>
    </message>
    <message>
        <source>'{word}' is not in this model's vocabulary (it reads as [UNK]). Type a word from the training text.</source>
        <translation>'{word}' ist nicht im Vokabular dieses Modells (es wird als [UNK] gelesen). Geben Sie ein Wort aus dem Trainingstext ein.</translation>
    </message>
    <message>
        <source>Type a word to see its neighbours.</source>
        <translation>Geben Sie ein Wort ein, um seine Nachbarn zu sehen.</translation>
    </message>
    <message>
        <source>ELECTRA: the generator's layers (it fills the [MASK]s); the discriminator has no word head.</source>
        <translation>ELECTRA: die Schichten des Generators (er füllt die [MASK]-Stellen); der Diskriminator hat keinen Wort-Kopf.</translation>
    </message>
    <message>
        <source>&lt;b&gt;{run_label}&lt;/b&gt;: mean loss &lt;b&gt;{loss}&lt;/b&gt; nats over {tokens} hidden tokens in {windows} validation windows; top guess right for {accuracy}.</source>
        <translation>&lt;b&gt;{run_label}&lt;/b&gt;: mittlerer Verlust &lt;b&gt;{loss}&lt;/b&gt; Nats über {tokens} versteckte Tokens in {windows} Validierungsfenstern; erster Tipp richtig bei {accuracy}.</translation>
    </message>
    <message>
        <source>&lt;b&gt;{run_label}&lt;/b&gt;: mean loss &lt;b&gt;{loss}&lt;/b&gt; nats over {tokens} hidden tokens in {windows} validation windows (the run recorded a validation loss of {recorded}); top guess right for {accuracy}.</source>
        <translation>&lt;b&gt;{run_label}&lt;/b&gt;: mittlerer Verlust &lt;b&gt;{loss}&lt;/b&gt; Nats über {tokens} versteckte Tokens in {windows} Validierungsfenstern (der Lauf hat einen Validierungsverlust von {recorded} aufgezeichnet); erster Tipp richtig bei {accuracy}.</translation>
    </message>
    <message>
        <source>A = &lt;b&gt;{a_label}&lt;/b&gt; (mean loss {a_loss}), B = &lt;b&gt;{b_label}&lt;/b&gt; (mean loss {b_loss}). {words} words hidden in both; mean difference A - B {difference} nats. Learned by B and not by A: {b_only} words; by A and not by B: {a_only}.{note}</source>
        <translation>A = &lt;b&gt;{a_label}&lt;/b&gt; (mittlerer Verlust {a_loss}), B = &lt;b&gt;{b_label}&lt;/b&gt; (mittlerer Verlust {b_loss}). {words} Wörter in beiden versteckt; mittlere Differenz A - B {difference} Nats. Von B gelernt und nicht von A: {b_only} Wörter; von A und nicht von B: {a_only}.{note}</translation>
    </message>
    <message>
        <source>Loss of each hidden token (nats, on the fixed evaluation masks): {cells} &amp;nbsp;light = learned, dark = costly; uncoloured text was not hidden</source>
        <translation>Verlust jedes versteckten Tokens (Nats, mit den festen Auswertungsmasken): {cells} &amp;nbsp;hell = gelernt, dunkel = teuer; ungefärbter Text wurde nicht versteckt</translation>
    </message>
    <message>
        <source>Loss of run A minus loss of run B, per word (nats): {cells} &amp;nbsp;blue = B has learned it better, red = A has</source>
        <translation>Verlust von Lauf A minus Verlust von Lauf B, pro Wort (Nats): {cells} &amp;nbsp;blau = B hat es besser gelernt, rot = A</translation>
    </message>
    <message>
        <source>token {token}: loss {loss} nats; the model's guess {guess} (right)</source>
        <translation>Token {token}: Verlust {loss} Nats; Tipp des Modells {guess} (richtig)</translation>
    </message>
    <message>
        <source>token {token}: loss {loss} nats; the model's guess {guess} (wrong)</source>
        <translation>Token {token}: Verlust {loss} Nats; Tipp des Modells {guess} (falsch)</translation>
    </message>
    <message>
        <source>{word}: loss A {a}, loss B {b}, A - B {difference} nats (B better)</source>
        <translation>{word}: Verlust A {a}, Verlust B {b}, A - B {difference} Nats (B besser)</translation>
    </message>
    <message>
        <source>{word}: loss A {a}, loss B {b}, A - B {difference} nats (A better)</source>
        <translation>{word}: Verlust A {a}, Verlust B {b}, A - B {difference} Nats (A besser)</translation>
    </message>
    <message>
        <source>{word}: loss A {a}, loss B {b}, A - B {difference} nats (equal)</source>
        <translation>{word}: Verlust A {a}, Verlust B {b}, A - B {difference} Nats (gleich)</translation>
    </message>
    <message>
        <source>The task file {path} does not exist. Give a CSV, TSV or JSONL file with a text and a label.</source>
        <translation>Die Aufgabendatei {path} existiert nicht. Geben Sie eine CSV-, TSV- oder JSONL-Datei mit einem Text und einem Label an.</translation>
    </message>
    <message>
        <source>The task file {path} is not a regular file. Give a CSV, TSV or JSONL file with a text and a label.</source>
        <translation>Die Aufgabendatei {path} ist keine gewöhnliche Datei. Geben Sie eine CSV-, TSV- oder JSONL-Datei mit einem Text und einem Label an.</translation>
    </message>
    <message>
        <source>{name} is not a CSV, TSV or JSONL file. A task file holds one text and one label per row; save it with one of those endings.</source>
        <translation>{name} ist keine CSV-, TSV- oder JSONL-Datei. Eine Aufgabendatei enthält je Zeile einen Text und ein Label; speichern Sie sie mit einer dieser Endungen.</translation>
    </message>
    <message>
        <source>{name} is not UTF-8 text (byte {byte} of a read block). Save the file as UTF-8 and try again.</source>
        <translation>{name} ist kein UTF-8-Text (Byte {byte} eines gelesenen Blocks). Speichern Sie die Datei als UTF-8 und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>{name} has {count} labelled examples; a probe needs at least {least} to keep some apart for testing. Add more rows.</source>
        <translation>{name} hat {count} Beispiele mit Label; eine Sonde braucht mindestens {least}, um einige zum Testen zurückzuhalten. Fügen Sie weitere Zeilen hinzu.</translation>
    </message>
    <message>
        <source>{name} has 1 labelled example; a probe needs at least {least} to keep some apart for testing. Add more rows.</source>
        <translation>{name} hat 1 Beispiel mit Label; eine Sonde braucht mindestens {least}, um einige zum Testen zurückzuhalten. Fügen Sie weitere Zeilen hinzu.</translation>
    </message>
    <message>
        <source>{name} has more than {most} different labels; a linear probe over so many classes measures nothing on a small model. Check that the label column is the right one (--label-column), or group the labels into fewer classes.</source>
        <translation>{name} hat mehr als {most} verschiedene Labels; eine lineare Sonde über so viele Klassen misst bei einem kleinen Modell nichts. Prüfen Sie, ob die Label-Spalte die richtige ist (--label-column), oder fassen Sie die Labels zu weniger Klassen zusammen.</translation>
    </message>
    <message>
        <source>Every row of {name} has the same label ("{label_value}"); a task needs at least two classes to tell apart. Check the label column (--label-column) or add rows of another class.</source>
        <translation>Jede Zeile von {name} hat dasselbe Label („{label_value}“); eine Aufgabe braucht mindestens zwei Klassen, die zu unterscheiden sind. Prüfen Sie die Label-Spalte (--label-column) oder fügen Sie Zeilen einer anderen Klasse hinzu.</translation>
    </message>
    <message>
        <source>The label column "{column}" of {name} is empty in every row. Choose the column that holds the labels (--label-column).</source>
        <translation>Die Label-Spalte „{column}“ von {name} ist in jeder Zeile leer. Wählen Sie die Spalte, die die Labels enthält (--label-column).</translation>
    </message>
    <message>
        <source>The text column "{column}" of {name} is empty in every row. Choose the column that holds the texts (--text-column).</source>
        <translation>Die Text-Spalte „{column}“ von {name} ist in jeder Zeile leer. Wählen Sie die Spalte, die die Texte enthält (--text-column).</translation>
    </message>
    <message>
        <source>{name} has {count} labelled rows; a seeded random sample of {sample} was used (the limit of one evaluation).</source>
        <translation>{name} hat {count} Zeilen mit Label; verwendet wurde eine zufällige Stichprobe von {sample} mit festem Seed (die Grenze einer Auswertung).</translation>
    </message>
    <message>
        <source>{count} texts were longer than {most} characters and cut there.</source>
        <translation>{count} Texte waren länger als {most} Zeichen und wurden dort gekürzt.</translation>
    </message>
    <message>
        <source>1 text was longer than {most} characters and cut there.</source>
        <translation>1 Text war länger als {most} Zeichen und wurde dort gekürzt.</translation>
    </message>
    <message>
        <source>The text is empty. Type a sentence to see what the model attends to.</source>
        <translation>Der Text ist leer. Geben Sie einen Satz ein, um zu sehen, worauf das Modell achtet.</translation>
    </message>
    <message>
        <source>This text has no tokens the model reads. Type a sentence in words.</source>
        <translation>Dieser Text hat keine Tokens, die das Modell liest. Geben Sie einen Satz aus Wörtern ein.</translation>
    </message>
    <message>
        <source>This model ({kind}) has no attention layers to show.</source>
        <translation>Dieses Modell ({kind}) hat keine Attention-Schichten, die sich zeigen ließen.</translation>
    </message>
    <message>
        <source>There is no head {head}, query {query} or key {key} here: this layer has {heads} heads and the text {tokens} tokens.</source>
        <translation>Hier gibt es keinen Kopf {head}, kein schauendes Token {query} oder kein angeschautes Token {key}: Diese Schicht hat {heads} Köpfe und der Text {tokens} Tokens.</translation>
    </message>
    <message>
        <source>The sentence is empty. Type or paste a sentence to check.</source>
        <translation>Der Satz ist leer. Geben Sie einen Satz zum Prüfen ein oder fügen Sie ihn ein.</translation>
    </message>
    <message>
        <source>The text is {length} characters long; check at most {most} at a time (a paragraph or two).</source>
        <translation>Der Text ist {length} Zeichen lang; prüfen Sie höchstens {most} auf einmal (einen oder zwei Absätze).</translation>
    </message>
    <message>
        <source>Nothing of this text is left once it is cut into tokens. Type a sentence.</source>
        <translation>Von diesem Text bleibt nichts übrig, wenn er in Tokens zerlegt wird. Geben Sie einen Satz ein.</translation>
    </message>
    <message>
        <source>Ask for 1 to {most} neighbours (not {asked}).</source>
        <translation>Fragen Sie nach 1 bis {most} Nachbarn (nicht {asked}).</translation>
    </message>
    <message>
        <source>Map 3 to {most} tokens (not {asked}).</source>
        <translation>Die Karte zeigt 3 bis {most} Tokens (nicht {asked}).</translation>
    </message>
    <message>
        <source>This model knows too few tokens to draw a map.</source>
        <translation>Dieses Modell kennt zu wenige Tokens, um eine Karte zu zeichnen.</translation>
    </message>
    <message>
        <source>The layer-by-layer view cannot read this kind of model ({kind}) yet.</source>
        <translation>Die Ansicht „Schicht für Schicht“ kann diese Art Modell ({kind}) noch nicht lesen.</translation>
    </message>
    <message>
        <source>Give at least one sentence to score.</source>
        <translation>Geben Sie mindestens einen Satz zum Bewerten an.</translation>
    </message>
    <message>
        <source>The sentence is empty. Type a sentence to score.</source>
        <translation>Der Satz ist leer. Geben Sie einen Satz zum Bewerten ein.</translation>
    </message>
    <message>
        <source>This sentence has no tokens the model reads. Type a sentence in words.</source>
        <translation>Dieser Satz hat keine Tokens, die das Modell liest. Geben Sie einen Satz aus Wörtern ein.</translation>
    </message>
    <message>
        <source>The sentence holds {markers}, a marker the model uses itself. Write the sentence out in full words to score it (to fill a blank, use '{command}' or Explore's Predictions tab).</source>
        <translation>Der Satz enthält {markers}, eine Markierung, die das Modell selbst verwendet. Schreiben Sie den Satz in ganzen Wörtern aus, um ihn zu bewerten (um eine Lücke zu füllen, verwenden Sie '{command}' oder den Tab „Vorhersagen“ unter „Erkunden“).</translation>
    </message>
    <message>
        <source>The temperature must be a number (got {value}).</source>
        <translation>Die Temperatur muss eine Zahl sein (angegeben: {value}).</translation>
    </message>
    <message>
        <source>The temperature must be between {low} and {high} (got {value}).</source>
        <translation>Die Temperatur muss zwischen {low} und {high} liegen (angegeben: {value}).</translation>
    </message>
    <message>
        <source>{first_run} and {second_run} were trained on different corpora, so their validation texts differ and cannot be compared. Choose two runs of the same corpus.</source>
        <translation>{first_run} und {second_run} wurden mit verschiedenen Korpora trainiert; ihre Validierungstexte unterscheiden sich also und lassen sich nicht vergleichen. Wählen Sie zwei Läufe desselben Korpus.</translation>
    </message>
    <message>
        <source>{first_run} and {second_run} hold out different validation text (their held-out share or seed differ), so their losses are on different text. Choose two runs with the same held-out share and seed.</source>
        <translation>{first_run} und {second_run} halten verschiedenen Validierungstext zurück (ihr zurückgehaltener Anteil oder ihr Seed unterscheidet sich); ihre Verluste beziehen sich also auf verschiedenen Text. Wählen Sie zwei Läufe mit demselben zurückgehaltenen Anteil und Seed.</translation>
    </message>
    <message>
        <source>The per-token loss was cancelled.</source>
        <translation>Der Verlust pro Token wurde abgebrochen.</translation>
    </message>
    <message>
        <source>The text has {count} [MASK]s, but this model reads at most {most} tokens at once. Ask about fewer [MASK]s at a time.</source>
        <translation>Der Text hat {count} [MASK], aber dieses Modell liest höchstens {most} Tokens auf einmal. Fragen Sie nach weniger [MASK] auf einmal.</translation>
    </message>
    <message>
        <source>The [MASK]s are too far apart for this model, which reads at most {most} tokens at once. Put them closer together or ask about them one at a time.</source>
        <translation>Die [MASK] liegen für dieses Modell zu weit auseinander; es liest höchstens {most} Tokens auf einmal. Rücken Sie sie näher zusammen oder fragen Sie einzeln nach ihnen.</translation>
    </message>
    <message>
        <source>Give at least one candidate word to score.</source>
        <translation>Geben Sie mindestens ein Kandidatenwort zum Bewerten an.</translation>
    </message>
    <message>
        <source>The text holds bytes that are not valid text (at character {at}); type it again or save it as UTF-8.</source>
        <translation>Der Text enthält Bytes, die kein gültiger Text sind (bei Zeichen {at}); geben Sie ihn erneut ein oder speichern Sie ihn als UTF-8.</translation>
    </message>
    <message>
        <source>The sentence holds bytes that are not valid text (at character {at}); type it again or save it as UTF-8.</source>
        <translation>Der Satz enthält Bytes, die kein gültiger Text sind (bei Zeichen {at}); geben Sie ihn erneut ein oder speichern Sie ihn als UTF-8.</translation>
    </message>
    <message>
        <source>A candidate word holds bytes that are not valid text (at character {at}); type it again or save it as UTF-8.</source>
        <translation>Ein Kandidatenwort enthält Bytes, die kein gültiger Text sind (bei Zeichen {at}); geben Sie es erneut ein oder speichern Sie es als UTF-8.</translation>
    </message>
    <message>
        <source>The model folder {path} no longer exists (the run may have been deleted). Choose another run, or train this one again.</source>
        <translation>Der Modellordner {path} existiert nicht mehr (der Lauf wurde vielleicht gelöscht). Wählen Sie einen anderen Lauf oder trainieren Sie diesen erneut.</translation>
    </message>
    <message>
        <source>The model files of this run are missing ({path}). Choose another run, or train this one again.</source>
        <translation>Die Modelldateien dieses Laufs fehlen ({path}). Wählen Sie einen anderen Lauf oder trainieren Sie diesen erneut.</translation>
    </message>
    <message>
        <source>The folder of this run ({path}) no longer exists (the run may have been deleted). Choose another run.</source>
        <translation>Der Ordner dieses Laufs ({path}) existiert nicht mehr (der Lauf wurde vielleicht gelöscht). Wählen Sie einen anderen Lauf.</translation>
    </message>
    <message>
        <source>The checkpoint at step {step} is no longer there ({name} is missing). Choose another step.</source>
        <translation>Der Checkpoint bei Schritt {step} ist nicht mehr da ({name} fehlt). Wählen Sie einen anderen Schritt.</translation>
    </message>
    <message>
        <source>The checkpoint at step {step} is no longer kept ({name} is missing). Choose another step.</source>
        <translation>Der Checkpoint bei Schritt {step} wird nicht mehr aufbewahrt ({name} fehlt). Wählen Sie einen anderen Schritt.</translation>
    </message>
    <message>
        <source>The run folder {path} has no config.json or tokenizer.json, so its checkpoints cannot be read.</source>
        <translation>Der Laufordner {path} hat keine config.json oder tokenizer.json, daher lassen sich seine Checkpoints nicht lesen.</translation>
    </message>
    <message>
        <source>The corpus has no sentence of three words or more to show as an example.</source>
        <translation>Das Korpus hat keinen Satz aus drei oder mehr Wörtern, der sich als Beispiel zeigen ließe.</translation>
    </message>
    <message>
        <source>The example sentence gives no tokens with these tokenizer settings.</source>
        <translation>Der Beispielsatz ergibt mit diesen Tokenizer-Einstellungen keine Tokens.</translation>
    </message>
    <message>
        <source>This run was trained with masked language modelling, which has no detector of replaced words: only ELECTRA runs do. Train one with the objective 'electra' ({command}; in Setup, Advanced: 'Training objective'). To see which words surprise this model, use Score sentences ({score_command}).</source>
        <translation>Dieser Lauf wurde mit maskierter Sprachmodellierung trainiert, die keinen Detektor für ersetzte Wörter hat: Den haben nur ELECTRA-Läufe. Trainieren Sie einen mit dem Trainingsziel 'electra' ({command}; in der Einrichtung unter Erweitert: „Trainingsziel“). Um zu sehen, welche Wörter dieses Modell überraschen, verwenden Sie „Sätze bewerten“ ({score_command}).</translation>
    </message>
    <message>
        <source>{rows} of {name} have a text but no label in "{column}". Fill in the labels or remove those rows; nothing was evaluated.</source>
        <translation>{rows} von {name}: Text, aber kein Label in „{column}“. Tragen Sie die Labels ein oder entfernen Sie diese Zeilen; es wurde nichts ausgewertet.</translation>
    </message>
    <message>
        <source>{rows} of {name} have a label but no text in "{column}". Fill in the texts or remove those rows; nothing was evaluated.</source>
        <translation>{rows} von {name}: Label, aber kein Text in „{column}“. Tragen Sie die Texte ein oder entfernen Sie diese Zeilen; es wurde nichts ausgewertet.</translation>
    </message>
    <message>
        <source>{name} has no header row. Add a first row naming the columns (text, label).</source>
        <translation>{name} hat keine Kopfzeile. Fügen Sie eine erste Zeile hinzu, die die Spalten benennt (text, label).</translation>
    </message>
    <message>
        <source>{name} is not a valid CSV file near line {line} ({csv_error}). Fix it or export it again.</source>
        <translation>{name} ist um Zeile {line} herum keine gültige CSV-Datei ({csv_error}). Korrigieren Sie sie oder exportieren Sie sie erneut.</translation>
    </message>
    <message>
        <source>Line {line} of {name} is longer than {most} characters; a row holds one text and its label.</source>
        <translation>Zeile {line} von {name} ist länger als {most} Zeichen; eine Zeile enthält einen Text und sein Label.</translation>
    </message>
    <message>
        <source>Line {line} of {name} is not a JSON object ({json_error}). Each line must look like {example}.</source>
        <translation>Zeile {line} von {name} ist kein JSON-Objekt ({json_error}). Jede Zeile muss so aussehen: {example}.</translation>
    </message>
    <message>
        <source>{name} cannot be split into a training part with two classes and a held-out part; add examples of each class.</source>
        <translation>{name} lässt sich nicht in einen Trainingsteil mit zwei Klassen und einen zurückgehaltenen Teil aufteilen; fügen Sie Beispiele jeder Klasse hinzu.</translation>
    </message>
    <message>
        <source>{name} left no held-out examples for {subject}; add examples of each class.</source>
        <translation>{name} ließ für {subject} keine zurückgehaltenen Beispiele übrig; fügen Sie Beispiele jeder Klasse hinzu.</translation>
    </message>
    <message>
        <source>{name} has fewer than 10 sentences of {low} to {high} words; choose a longer text to tell the two texts apart.</source>
        <translation>{name} hat weniger als 10 Sätze mit {low} bis {high} Wörtern; wählen Sie einen längeren Text, um die beiden Texte auseinanderzuhalten.</translation>
    </message>
    <message>
        <source>{name} has only {count} sentences of {low} to {high} words; a task made from it needs at least 20. Choose a longer text, or a labelled task file.</source>
        <translation>{name} hat nur {count} Sätze mit {low} bis {high} Wörtern; eine daraus gemachte Aufgabe braucht mindestens 20. Wählen Sie einen längeren Text oder eine Aufgabendatei mit Labels.</translation>
    </message>
    <message>
        <source>The evaluation was stopped; nothing was stored.</source>
        <translation>Die Auswertung wurde gestoppt; es wurde nichts gespeichert.</translation>
    </message>
    <message>
        <source>The model class {kind} has no encoder the probe can read.</source>
        <translation>Die Modellklasse {kind} hat keinen Encoder, den die Probe lesen kann.</translation>
    </message>
    <message>
        <source>The model's encoder was never reached; its features cannot be read.</source>
        <translation>Der Encoder des Modells wurde nie erreicht; seine Merkmale lassen sich nicht lesen.</translation>
    </message>
    <message>
        <source>There are no texts to read features from.</source>
        <translation>Es gibt keine Texte, aus denen sich Merkmale lesen ließen.</translation>
    </message>
    <message>
        <source>There is no shipped task called "{name}". The shipped tasks are: {tasks}.</source>
        <translation>Es gibt keine mitgelieferte Aufgabe namens „{name}“. Die mitgelieferten Aufgaben sind: {tasks}.</translation>
    </message>
    <message>
        <source>Run {run} was deleted while it was being evaluated; the results were not stored.</source>
        <translation>Lauf {run} wurde gelöscht, während er ausgewertet wurde; die Ergebnisse wurden nicht gespeichert.</translation>
    </message>
    <message>
        <source>{name_a} and {name_b} has only {count} sentences of {low} to {high} words; a task made from it needs at least 20. Choose a longer text, or a labelled task file.</source>
        <translation>{name_a} und {name_b} haben zusammen nur {count} Sätze mit {low} bis {high} Wörtern; eine daraus gemachte Aufgabe braucht mindestens 20. Wählen Sie längere Texte oder eine Aufgabendatei mit Labels.</translation>
    </message>
    <message>
        <source>No text chosen to measure on. Give a text file, a folder or sample:NAME.</source>
        <translation>Kein Text zum Messen gewählt. Geben Sie eine Textdatei, einen Ordner oder sample:NAME an.</translation>
    </message>
    <message>
        <source>The process training this run ended without finishing it (a crash, a kill, Ctrl+C or a power cut). Resume it to continue from its last checkpoint.</source>
        <translation>Der Prozess, der diesen Lauf trainierte, endete, ohne ihn abzuschließen (ein Absturz, ein Abbruch, Strg+C oder ein Stromausfall). Setzen Sie den Lauf fort, um an seinem letzten Checkpoint weiterzumachen.</translation>
    </message>
    <message>
        <source>Training ended without a result.</source>
        <translation>Das Training endete ohne Ergebnis.</translation>
    </message>
    <message>
        <source>There is not enough memory for this model and batch: try a smaller model, batch or sequence length. The last checkpoint is kept.</source>
        <translation>Für dieses Modell und diesen Batch reicht der Speicher nicht: Versuchen Sie ein kleineres Modell, eine kleinere Batchgröße oder eine kürzere Sequenzlänge. Der letzte Checkpoint bleibt erhalten.</translation>
    </message>
    <message>
        <source>The process that recorded this run ended before it began training. Resume it to train it from the start.</source>
        <translation>Der Prozess, der diesen Lauf aufzeichnete, endete, bevor das Training begann. Setzen Sie den Lauf fort, um ihn von Anfang an zu trainieren.</translation>
    </message>
    <message>
        <source>Continuing this model needs about {needed} of memory, but only {free} is free. Choose a smaller batch or sequence length, or close other programs.</source>
        <translation>Das Fortsetzen dieses Modells braucht etwa {needed} Arbeitsspeicher, aber nur {free} sind frei. Wählen Sie eine kleinere Batchgröße oder Sequenzlänge, oder schließen Sie andere Programme.</translation>
    </message>
    <message>
        <source>The queue was running when its process ended (a crash, a kill or a power cut), so it waits: item {items} was interrupted. Start the queue to resume it, or remove it first.</source>
        <translation>Die Warteschlange lief, als ihr Prozess endete (ein Absturz, ein Abbruch oder ein Stromausfall), daher wartet sie: Eintrag {items} wurde unterbrochen. Starten Sie die Warteschlange, um ihn fortzusetzen, oder entfernen Sie ihn zuerst.</translation>
    </message>
    <message>
        <source>Add [MASK] where the model should guess a word, e.g. 'The cat sat on the [MASK].'</source>
        <translation>Setzen Sie [MASK] dort ein, wo das Modell ein Wort raten soll, z. B. 'The cat sat on the [MASK].'</translation>
    </message>
    <message>
        <source>Add {own} (or [MASK]) where the model should guess a word, e.g. 'The cat sat on the {own}.'</source>
        <translation>Setzen Sie {own} (oder [MASK]) dort ein, wo das Modell ein Wort raten soll, z. B. 'The cat sat on the {own}.'</translation>
    </message>
    <message>
        <source>This model's mask is written [MASK] (capital letters in square brackets), not {shown}. Ask it this way: '{corrected}'</source>
        <translation>Die Maske dieses Modells wird [MASK] geschrieben (Großbuchstaben in eckigen Klammern), nicht {shown}. Fragen Sie es so: '{corrected}'</translation>
    </message>
    <message>
        <source>This model's mask is written {own} (or [MASK]), not {shown}. Ask it this way: '{corrected}'</source>
        <translation>Die Maske dieses Modells wird {own} (oder [MASK]) geschrieben, nicht {shown}. Fragen Sie es so: '{corrected}'</translation>
    </message>
    <message>
        <source>Training stopped on an unexpected error: {error}</source>
        <translation>Das Training wurde durch einen unerwarteten Fehler beendet: {error}</translation>
    </message>
    <message>
        <source>Training ended in an unknown state ({state}).</source>
        <translation>Das Training endete in einem unbekannten Zustand ({state}).</translation>
    </message>
    <message>
        <source>The run history at {path} is damaged: {reason}. The run folders are not affected. '{command}' keeps the damaged file (renamed with a date) and rebuilds the history from the run folders and whatever the damaged file still holds.</source>
        <translation>Der Laufverlauf unter {path} ist beschädigt: {reason}. Die Ordner der Läufe sind nicht betroffen. '{command}' behält die beschädigte Datei (mit Datum umbenannt) und baut den Laufverlauf aus den Laufordnern und dem, was die beschädigte Datei noch enthält, neu auf.</translation>
    </message>
    <message>
        <source>it is a folder, not a file</source>
        <translation>er ist ein Ordner, keine Datei</translation>
    </message>
    <message>
        <source>it is empty (0 bytes), while {count} run folders exist in {folder}</source>
        <translation>er ist leer (0 Bytes), obwohl {folder} {count} Laufordner enthält</translation>
    </message>
    <message>
        <source>it is not an SQLite database (its first bytes are something else)</source>
        <translation>er ist keine SQLite-Datenbank (seine ersten Bytes sind etwas anderes)</translation>
    </message>
    <message>
        <source>it is cut short ({size} bytes, less than an SQLite header)</source>
        <translation>er ist abgeschnitten ({size} Bytes, weniger als ein SQLite-Kopf)</translation>
    </message>
    <message>
        <source>it is cut short ({size} bytes of the {expected} its header announces)</source>
        <translation>er ist abgeschnitten ({size} der {expected} Bytes, die sein Kopf ankündigt)</translation>
    </message>
    <message>
        <source>its schema version table (alembic_version) is missing, so its layout is unknown</source>
        <translation>seine Tabelle der Schemaversion (alembic_version) fehlt, daher ist sein Aufbau unbekannt</translation>
    </message>
    <message>
        <source>SQLite reports: {detail}</source>
        <translation>SQLite meldet: {detail}</translation>
    </message>
    <message>
        <source>The run history at {path} is busy: another program holds it locked ({detail}). Try again in a moment, or close the other MLM Studio.</source>
        <translation>Der Laufverlauf unter {path} ist belegt: Ein anderes Programm hält ihn gesperrt ({detail}). Versuchen Sie es gleich noch einmal oder schließen Sie das andere MLM Studio.</translation>
    </message>
    <message>
        <source>The run history at {path} cannot be written ({detail}). Free some disk space and try again.</source>
        <translation>Der Laufverlauf unter {path} kann nicht geschrieben werden ({detail}). Geben Sie Speicherplatz frei und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>The run history at {path} cannot be opened for writing ({detail}). Check that the folder and the file are writable, or choose another data directory with --data-dir or MLMSTUDIO_HOME.</source>
        <translation>Der Laufverlauf unter {path} lässt sich nicht zum Schreiben öffnen ({detail}). Prüfen Sie, ob Ordner und Datei beschreibbar sind, oder wählen Sie mit --data-dir oder MLMSTUDIO_HOME ein anderes Datenverzeichnis.</translation>
    </message>
    <message>
        <source>The data directory {path} (from {source}) cannot be created or written ({error}). Choose another one with --data-dir or MLMSTUDIO_HOME.</source>
        <translation>Das Datenverzeichnis {path} (aus {source}) kann nicht angelegt oder beschrieben werden ({error}). Wählen Sie mit --data-dir oder MLMSTUDIO_HOME ein anderes.</translation>
    </message>
    <message>
        <source>The run history at {path} was written by a newer version of MLM Studio ({detail}). Update MLM Studio, or choose another data directory.</source>
        <translation>Der Laufverlauf unter {path} wurde von einer neueren Version von MLM Studio geschrieben ({detail}). Aktualisieren Sie MLM Studio oder wählen Sie ein anderes Datenverzeichnis.</translation>
    </message>
    <message>
        <source>Run {run} is training right now; its process writes to the history. Stop it (or wait until it ends), then rebuild the history.</source>
        <translation>Lauf {run} trainiert gerade; sein Prozess schreibt in den Laufverlauf. Stoppen Sie ihn (oder warten Sie, bis er endet), und bauen Sie dann den Laufverlauf neu auf.</translation>
    </message>
    <message>
        <source>Rebuilt the history with {count} runs ({curves} with their curves).</source>
        <translation>Der Laufverlauf ist neu aufgebaut (Läufe: {count}, davon mit ihren Kurven: {curves}).</translation>
    </message>
    <message>
        <source>Rebuilt the history with {count} runs.</source>
        <translation>Der Laufverlauf ist neu aufgebaut (Läufe: {count}).</translation>
    </message>
    <message>
        <source>The old file is kept as {path}.</source>
        <translation>Die alte Datei bleibt als {path} erhalten.</translation>
    </message>
    <message>
        <source>Left out {count} folder(s): {folders}.</source>
        <translation>Ausgelassene Ordner ({count}): {folders}.</translation>
    </message>
    <message>
        <source>it is a folder or a broken link, not a file</source>
        <translation>sie ist ein Ordner oder ein defekter Link, keine Datei</translation>
    </message>
    <message>
        <source>it cannot be read ({error})</source>
        <translation>sie kann nicht gelesen werden ({error})</translation>
    </message>
    <message>
        <source>its last line ({line}) is cut short</source>
        <translation>ihre letzte Zeile ({line}) ist abgeschnitten</translation>
    </message>
    <message>
        <source>line {line} holds bytes that are not text</source>
        <translation>Zeile {line} enthält Bytes, die kein Text sind</translation>
    </message>
    <message>
        <source>line {line} holds a NUL byte</source>
        <translation>Zeile {line} enthält ein NUL-Byte</translation>
    </message>
    <message>
        <source>line {line} is neither a [section] nor a key=value</source>
        <translation>Zeile {line} ist weder eine [Sektion] noch ein Schlüssel=Wert</translation>
    </message>
    <message>
        <source>{path} does not exist or is not a file. Choose a .mlmrun file.</source>
        <translation>{path} existiert nicht oder ist keine Datei. Wählen Sie eine .mlmrun-Datei.</translation>
    </message>
    <message>
        <source>{name} is not a readable .mlmrun bundle: it is damaged or truncated ({error}). Export the run again.</source>
        <translation>{name} ist keine lesbare .mlmrun-Datei: Sie ist beschädigt oder abgeschnitten ({error}). Exportieren Sie den Lauf erneut.</translation>
    </message>
    <message>
        <source>{name} could not be read or unpacked ({error}). Check the file and the free disk space.</source>
        <translation>{name} konnte nicht gelesen oder entpackt werden ({error}). Prüfen Sie die Datei und den freien Speicherplatz.</translation>
    </message>
    <message>
        <source>The bundle has format version {version}; this MLM Studio reads up to {latest}. Update MLM Studio to import it.</source>
        <translation>Die .mlmrun-Datei hat die Formatversion {version}; dieses MLM Studio liest bis Version {latest}. Aktualisieren Sie MLM Studio, um sie zu importieren.</translation>
    </message>
    <message>
        <source>The bundle has no {missing}. It is incomplete; export the run again.</source>
        <translation>In der .mlmrun-Datei fehlt: {missing}. Sie ist unvollständig; exportieren Sie den Lauf erneut.</translation>
    </message>
    <message>
        <source>{name} in the bundle does not match the hash in its manifest. The bundle was altered or damaged; nothing was imported.</source>
        <translation>{name} in der .mlmrun-Datei passt nicht zur Prüfsumme in ihrem Manifest. Die Datei wurde verändert oder beschädigt; es wurde nichts importiert.</translation>
    </message>
    <message>
        <source>The bundle's manifest does not match its {name} (missing entry, hash or size). The bundle was altered or damaged; nothing was imported.</source>
        <translation>Das Manifest der .mlmrun-Datei passt nicht zu {name} darin (Eintrag, Prüfsumme oder Größe fehlt). Die Datei wurde verändert oder beschädigt; es wurde nichts importiert.</translation>
    </message>
    <message>
        <source>The bundle contains an unsafe file path ({name}) that could write outside its folder. It was refused; nothing was imported.</source>
        <translation>Die .mlmrun-Datei enthält einen unsicheren Dateipfad ({name}), der außerhalb ihres Ordners schreiben könnte. Sie wurde abgelehnt; es wurde nichts importiert.</translation>
    </message>
    <message>
        <source>The bundle's config.json is not a valid run configuration: {reason} Nothing was imported.</source>
        <translation>Die config.json der .mlmrun-Datei ist keine gültige Laufkonfiguration: {reason} Es wurde nichts importiert.</translation>
    </message>
    <message>
        <source>The model in the bundle cannot be loaded: {reason}</source>
        <translation>Das Modell in der .mlmrun-Datei lässt sich nicht laden: {reason}</translation>
    </message>
    <message>
        <source>Importing needs {needed} MiB but only {free} MiB are free in the data directory. Free some space and try again.</source>
        <translation>Der Import braucht {needed} MiB, aber im Datenverzeichnis sind nur {free} MiB frei. Geben Sie Speicherplatz frei und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>{path} does not exist. Give the run folder to import.</source>
        <translation>{path} existiert nicht. Geben Sie den Laufordner an, der importiert werden soll.</translation>
    </message>
    <message>
        <source>{path} is a file, not a run folder. Give the folder that holds config.json and model.safetensors (a .mlmrun file is imported with `{command}`).</source>
        <translation>{path} ist eine Datei, kein Laufordner. Geben Sie den Ordner an, der config.json und model.safetensors enthält (eine .mlmrun-Datei wird mit `{command}` importiert).</translation>
    </message>
    <message>
        <source>{path} is already a run folder of this history; it needs no import.</source>
        <translation>{path} ist bereits ein Laufordner dieses Laufverlaufs; er muss nicht importiert werden.</translation>
    </message>
    <message>
        <source>{path} is not a run folder: it has no config.json. A run folder holds config.json, tokenizer.json, model.safetensors and curves.csv, as `{command}` or a run capsule writes them.</source>
        <translation>{path} ist kein Laufordner: Er hat keine config.json. Ein Laufordner enthält config.json, tokenizer.json, model.safetensors und curves.csv, wie `{command}` oder eine Laufkapsel sie schreibt.</translation>
    </message>
    <message>
        <source>{path} is a run capsule, not a run folder. Import the folder its launch.sh wrote on the first node ({run} by default).</source>
        <translation>{path} ist eine Laufkapsel, kein Laufordner. Importieren Sie den Ordner, den ihre launch.sh auf dem ersten Knoten geschrieben hat (standardmäßig {run}).</translation>
    </message>
    <message>
        <source>{path} holds a link ({link}); a run folder holds plain files only. Copy the folder with the files the links point to (cp -rL), then import the copy.</source>
        <translation>{path} enthält einen Link ({link}); ein Laufordner enthält nur einfache Dateien. Kopieren Sie den Ordner mit den Dateien, auf die die Links zeigen (cp -rL), und importieren Sie dann die Kopie.</translation>
    </message>
    <message>
        <source>The run in {path} is still training (its process holds the folder). Import it when it has finished.</source>
        <translation>Der Lauf in {path} trainiert noch (sein Prozess hält den Ordner). Importieren Sie ihn, wenn er fertig ist.</translation>
    </message>
    <message>
        <source>The run in {path} has no finished model ({missing} missing): it may still be training, or it failed. Import it once it has finished.</source>
        <translation>Der Lauf in {path} hat kein fertiges Modell (es fehlt: {missing}): Er trainiert vielleicht noch, oder er ist fehlgeschlagen. Importieren Sie ihn, sobald er fertig ist.</translation>
    </message>
    <message>
        <source>The run folder {path} could not be copied into the history ({error}). Nothing was imported.</source>
        <translation>Der Laufordner {path} konnte nicht in den Laufverlauf kopiert werden ({error}). Es wurde nichts importiert.</translation>
    </message>
    <message>
        <source>The folder's config.json is not a valid run configuration: {reason} Nothing was imported.</source>
        <translation>Die config.json des Ordners ist keine gültige Laufkonfiguration: {reason} Es wurde nichts importiert.</translation>
    </message>
    <message>
        <source>The run folder needs {needed} MB and the history's disk has {free} MB free. Free space, then import again.</source>
        <translation>Der Laufordner braucht {needed} MB, auf der Festplatte des Laufverlaufs sind {free} MB frei. Geben Sie Speicherplatz frei und importieren Sie dann erneut.</translation>
    </message>
    <message>
        <source>There is no item {item} in the queue. '{command}' shows the items and their numbers.</source>
        <translation>In der Warteschlange gibt es keinen Eintrag {item}. '{command}' zeigt die Einträge und ihre Nummern.</translation>
    </message>
    <message>
        <source>Item {item} is running right now, so it cannot be removed. Stop its run first (Stop on the Train page, or Ctrl+C in '{command}').</source>
        <translation>Eintrag {item} läuft gerade und kann daher nicht entfernt werden. Stoppen Sie zuerst seinen Lauf (Stopp auf der Seite Training oder Strg+C in '{command}').</translation>
    </message>
    <message>
        <source>This configuration cannot be queued: {reason}</source>
        <translation>Diese Konfiguration lässt sich nicht einreihen: {reason}</translation>
    </message>
    <message>
        <source>The bundle contains an unexpected file ({name}). It was not written by MLM Studio; nothing was imported.</source>
        <translation>Die .mlmrun-Datei enthält eine unerwartete Datei ({name}). Sie wurde nicht von MLM Studio geschrieben; es wurde nichts importiert.</translation>
    </message>
    <message>
        <source>The bundle contains {name} twice. It is damaged; nothing was imported.</source>
        <translation>Die .mlmrun-Datei enthält {name} zweimal. Sie ist beschädigt; es wurde nichts importiert.</translation>
    </message>
    <message>
        <source>{name} in the bundle is encrypted. MLM Studio bundles never are.</source>
        <translation>{name} in der .mlmrun-Datei ist verschlüsselt. Die .mlmrun-Dateien von MLM Studio sind das nie.</translation>
    </message>
    <message>
        <source>{name} in the bundle uses an unsupported compression. Export it again with MLM Studio.</source>
        <translation>{name} in der .mlmrun-Datei ist mit einem nicht unterstützten Verfahren komprimiert. Exportieren Sie den Lauf erneut mit MLM Studio.</translation>
    </message>
    <message>
        <source>{name} in the bundle is too large ({size} MiB; at most {limit} MiB). Nothing was imported.</source>
        <translation>{name} in der .mlmrun-Datei ist zu groß ({size} MiB; höchstens {limit} MiB). Es wurde nichts importiert.</translation>
    </message>
    <message>
        <source>{name} in the bundle would expand {ratio} times when unpacked, like a zip bomb. It was refused; nothing was imported.</source>
        <translation>{name} in der .mlmrun-Datei würde beim Entpacken auf das {ratio}-Fache anwachsen, wie eine Zip-Bombe. Sie wurde abgelehnt; es wurde nichts importiert.</translation>
    </message>
    <message>
        <source>{name} in the bundle is larger than it declares. It was refused; nothing was imported.</source>
        <translation>{name} in der .mlmrun-Datei ist größer als angegeben. Die Datei wurde abgelehnt; es wurde nichts importiert.</translation>
    </message>
    <message>
        <source>The bundle's manifest.json does not describe an MLM Studio run. Nothing was imported.</source>
        <translation>Die manifest.json der .mlmrun-Datei beschreibt keinen Lauf von MLM Studio. Es wurde nichts importiert.</translation>
    </message>
    <message>
        <source>The bundle's manifest.json lacks its file list or run record. Nothing was imported.</source>
        <translation>Der manifest.json der .mlmrun-Datei fehlt die Liste der Dateien oder der Eintrag des Laufs. Es wurde nichts importiert.</translation>
    </message>
    <message>
        <source>The bundle's manifest lists {names}, which the bundle does not contain. It is incomplete; nothing was imported.</source>
        <translation>Das Manifest der .mlmrun-Datei nennt {names}, die in ihr fehlen. Sie ist unvollständig; es wurde nichts importiert.</translation>
    </message>
    <message>
        <source>The bundle's manifest.json {reason}. Nothing was imported.</source>
        <translation>Die manifest.json der .mlmrun-Datei {reason}. Es wurde nichts importiert.</translation>
    </message>
    <message>
        <source>origin.json in the bundle (where its model came from) cannot be read ({error}). Nothing was imported.</source>
        <translation>Die origin.json in der .mlmrun-Datei (die sagt, woher ihr Modell stammt) kann nicht gelesen werden ({error}). Es wurde nichts importiert.</translation>
    </message>
    <message>
        <source>The bundle's metrics.csv must start with the header {header}. Nothing was imported.</source>
        <translation>Die metrics.csv der .mlmrun-Datei muss mit der Kopfzeile {header} beginnen. Es wurde nichts importiert.</translation>
    </message>
    <message>
        <source>Line {line} of the bundle's metrics.csv is not a valid metric point. Nothing was imported.</source>
        <translation>Zeile {line} der metrics.csv der .mlmrun-Datei ist kein gültiger Messpunkt. Es wurde nichts importiert.</translation>
    </message>
    <message>
        <source>The bundle's manifest has an invalid run {key}. Nothing was imported.</source>
        <translation>Das Manifest der .mlmrun-Datei enthält für den Lauf einen ungültigen Wert „{key}“. Es wurde nichts importiert.</translation>
    </message>
    <message>
        <source>The bundle's manifest has invalid run tags. Nothing was imported.</source>
        <translation>Das Manifest der .mlmrun-Datei enthält ungültige Schlagwörter des Laufs. Es wurde nichts importiert.</translation>
    </message>
    <message>
        <source>The bundle's manifest has an invalid run summary. Nothing was imported.</source>
        <translation>Das Manifest der .mlmrun-Datei enthält eine ungültige Zusammenfassung des Laufs. Es wurde nichts importiert.</translation>
    </message>
    <message>
        <source>The bundle's manifest has an invalid corpus record. Nothing was imported.</source>
        <translation>Das Manifest der .mlmrun-Datei enthält einen ungültigen Eintrag des Korpus. Es wurde nichts importiert.</translation>
    </message>
    <message>
        <source>is larger than {size}, far more than a file of this kind holds</source>
        <translation>ist größer als {size}, weit mehr, als eine Datei dieser Art enthält</translation>
    </message>
    <message>
        <source>is not UTF-8 text (byte {byte})</source>
        <translation>ist kein UTF-8-Text (Byte {byte})</translation>
    </message>
    <message>
        <source>is nested {depth} levels deep; at most {most} are expected</source>
        <translation>ist {depth} Ebenen tief verschachtelt; erwartet werden höchstens {most}</translation>
    </message>
    <message>
        <source>is not valid JSON ({json_error} at line {line})</source>
        <translation>ist kein gültiges JSON ({json_error} in Zeile {line})</translation>
    </message>
    <message>
        <source>is not usable JSON ({json_error})</source>
        <translation>ist kein verwendbares JSON ({json_error})</translation>
    </message>
    <message>
        <source>The model in {path} cannot be loaded: {reason} Nothing was imported.</source>
        <translation>Das Modell in {path} lässt sich nicht laden: {reason} Es wurde nichts importiert.</translation>
    </message>
    <message>
        <source>The folder's curve file is larger than {size} GiB, far more than a run writes. Nothing was imported.</source>
        <translation>Die Kurvendatei des Ordners ist größer als {size} GiB, weit mehr, als ein Lauf schreibt. Es wurde nichts importiert.</translation>
    </message>
    <message>
        <source>The folder's curve file cannot be read: {error}. Nothing was imported.</source>
        <translation>Die Kurvendatei des Ordners kann nicht gelesen werden: {error}. Es wurde nichts importiert.</translation>
    </message>
    <message>
        <source>Line {line} of the folder's curves.csv {reason}. Nothing was imported.</source>
        <translation>Zeile {line} der curves.csv des Ordners {reason}. Es wurde nichts importiert.</translation>
    </message>
    <message>
        <source>has a negative step ({step})</source>
        <translation>hat einen negativen Schritt ({step})</translation>
    </message>
    <message>
        <source>has a step of {digits} digits, more than a run can take</source>
        <translation>hat einen Schritt mit {digits} Ziffern, mehr, als ein Lauf haben kann</translation>
    </message>
    <message>
        <source>names the split {split}; curves are 'train' or 'val'</source>
        <translation>nennt den Datenteil {split}; Kurven gehören zu 'train' oder 'val'</translation>
    </message>
    <message>
        <source>names the metric {metric}, which is not a metric name</source>
        <translation>nennt die Messgröße {metric}, die kein Name einer Messgröße ist</translation>
    </message>
    <message>
        <source>holds a value that is not a finite number</source>
        <translation>enthält einen Wert, der keine endliche Zahl ist</translation>
    </message>
    <message>
        <source>repeats step {step} of {split} {metric}</source>
        <translation>wiederholt Schritt {step} von {split} {metric}</translation>
    </message>
    <message>
        <source>The folder's metrics.json cannot be read: it {reason}. Nothing was imported.</source>
        <translation>Die metrics.json des Ordners kann nicht gelesen werden: Sie {reason}. Es wurde nichts importiert.</translation>
    </message>
    <message>
        <source>The folder's metrics.json is not a JSON object. Nothing was imported.</source>
        <translation>Die metrics.json des Ordners ist kein JSON-Objekt. Es wurde nichts importiert.</translation>
    </message>
    <message>
        <source>The folder's metrics.json gives 'steps' as {value}, not a whole number. Nothing was imported.</source>
        <translation>Die metrics.json des Ordners gibt 'steps' als {value} an, keine ganze Zahl. Es wurde nichts importiert.</translation>
    </message>
    <message>
        <source>The folder's metrics.json gives 'steps' as {value}, which is not a whole number from 0 to {most}. Nothing was imported.</source>
        <translation>Die metrics.json des Ordners gibt 'steps' als {value} an, was keine ganze Zahl von 0 bis {most} ist. Es wurde nichts importiert.</translation>
    </message>
    <message>
        <source>{path} cannot be read ({error}).</source>
        <translation>{path} kann nicht gelesen werden ({error}).</translation>
    </message>
    <message>
        <source>The settings stored with queue item {item} cannot be read: {reason} Remove it with '{command}' and add the run again.</source>
        <translation>Die Einstellungen, die mit Eintrag {item} der Warteschlange gespeichert sind, können nicht gelesen werden: {reason} Entfernen Sie den Eintrag mit '{command}' und fügen Sie den Lauf erneut hinzu.</translation>
    </message>
    <message>
        <source>Position {position} is outside the queue: give a number from 1 to {last}.</source>
        <translation>Position {position} liegt außerhalb der Warteschlange: Geben Sie eine Zahl von 1 bis {last} an.</translation>
    </message>
    <message>
        <source>The queue changed meanwhile (an item was removed or listed twice). Reload the queue and move the item again.</source>
        <translation>Die Warteschlange hat sich inzwischen geändert (ein Eintrag wurde entfernt oder doppelt aufgeführt). Laden Sie die Warteschlange neu und verschieben Sie den Eintrag erneut.</translation>
    </message>
    <message>
        <source>After a crash the queue can 'wait' or 'resume', not {choice}.</source>
        <translation>Nach einem Absturz kann die Warteschlange 'wait' (warten) oder 'resume' (fortsetzen), nicht {choice}.</translation>
    </message>
    <message>
        <source>The queue's folder {folder} cannot be written ({error}). Check the disk and the permissions.</source>
        <translation>In den Ordner der Warteschlange, {folder}, kann nicht geschrieben werden ({error}). Prüfen Sie den Datenträger und die Berechtigungen.</translation>
    </message>
    <message>
        <source>This item's record in the history {path} is damaged ({reason}), so the queue skips it. Remove it with '{command}' (or Remove on the Queue page) and add the run again.</source>
        <translation>Der Datensatz dieses Eintrags im Laufverlauf {path} ist beschädigt ({reason}), daher überspringt die Warteschlange ihn. Entfernen Sie ihn mit '{command}' (oder mit „Entfernen“ auf der Seite „Warteschlange“) und fügen Sie den Lauf erneut hinzu.</translation>
    </message>
    <message>
        <source>its state reads {value}</source>
        <translation>sein Zustand lautet {value}</translation>
    </message>
    <message>
        <source>its time it was added reads {value}</source>
        <translation>seine Zeit des Hinzufügens lautet {value}</translation>
    </message>
    <message>
        <source>its start time reads {value}</source>
        <translation>seine Startzeit lautet {value}</translation>
    </message>
    <message>
        <source>its end time reads {value}</source>
        <translation>seine Endzeit lautet {value}</translation>
    </message>
    <message>
        <source>its position reads {value}</source>
        <translation>seine Position lautet {value}</translation>
    </message>
    <message>
        <source>The process running this item ended before it finished. It resumes from its last checkpoint when the queue runs again.</source>
        <translation>Der Prozess, der diesen Eintrag ausführte, endete vor dessen Abschluss. Der Eintrag wird beim nächsten Lauf der Warteschlange an seinem letzten Checkpoint fortgesetzt.</translation>
    </message>
    <message>
        <source>The run was stopped before it finished. It resumes from its last checkpoint when the queue runs again.</source>
        <translation>Der Lauf wurde vor seinem Abschluss gestoppt. Er wird beim nächsten Lauf der Warteschlange an seinem letzten Checkpoint fortgesetzt.</translation>
    </message>
    <message>
        <source>The run failed.</source>
        <translation>Der Lauf ist fehlgeschlagen.</translation>
    </message>
    <message>
        <source>The queue's after-crash setting in the history is damaged ({value}), so it waits after a crash; choose again with '{command}'.</source>
        <translation>Die Einstellung der Warteschlange für die Zeit nach einem Absturz ist im Laufverlauf beschädigt ({value}), daher wartet sie nach einem Absturz; wählen Sie erneut mit '{command}'.</translation>
    </message>
    <message>
        <source>Line {line} of {name} is not a valid curve point</source>
        <translation>Zeile {line} von {name} ist kein gültiger Kurvenpunkt</translation>
    </message>
    <message>
        <source>{name} must start with the header {header}</source>
        <translation>{name} muss mit der Kopfzeile {header} beginnen</translation>
    </message>
    <message>
        <source>The run in {path} has no checkpoint to resume from. Start it again instead.</source>
        <translation>Der Lauf in {path} hat keinen Checkpoint, von dem aus er fortgesetzt werden könnte. Starten Sie ihn stattdessen neu.</translation>
    </message>
    <message>
        <source>The run folder {path} has no readable config.json, so it cannot be resumed.</source>
        <translation>Der Laufordner {path} hat keine lesbare config.json, daher kann der Lauf nicht fortgesetzt werden.</translation>
    </message>
    <message>
        <source>The checkpoint in {path} is incomplete ({kind}). Resume from an earlier checkpoint.</source>
        <translation>Der Checkpoint in {path} ist unvollständig ({kind}). Setzen Sie den Lauf von einem früheren Checkpoint aus fort.</translation>
    </message>
    <message>
        <source>The checkpoint in {path} is missing or damaged ({kind}). Resume from an earlier checkpoint or start a new run.</source>
        <translation>Der Checkpoint in {path} fehlt oder ist beschädigt ({kind}). Setzen Sie den Lauf von einem früheren Checkpoint aus fort oder starten Sie einen neuen Lauf.</translation>
    </message>
    <message>
        <source>The weights in {path} are damaged or do not fit this run's model ({error}). Resume from another checkpoint or start a new run.</source>
        <translation>Die Gewichte in {path} sind beschädigt oder passen nicht zum Modell dieses Laufs ({error}). Setzen Sie den Lauf von einem anderen Checkpoint aus fort oder starten Sie einen neuen Lauf.</translation>
    </message>
    <message>
        <source>The corpus of run {run} ({source}) has changed since the run was trained, so it cannot be resumed exactly. Restore the original text, or start a new run.</source>
        <translation>Das Korpus von Lauf {run} ({source}) hat sich seit dem Training geändert, daher lässt sich der Lauf nicht genau fortsetzen. Stellen Sie den ursprünglichen Text wieder her oder starten Sie einen neuen Lauf.</translation>
    </message>
    <message>
        <source>The corpus of run {run} ({source}) has changed since the run was trained, so its validation text is no longer the one the run was measured on. Restore the original text, or choose another run.</source>
        <translation>Das Korpus von Lauf {run} ({source}) hat sich seit dem Training geändert, daher ist sein Validierungstext nicht mehr der, an dem der Lauf gemessen wurde. Stellen Sie den ursprünglichen Text wieder her oder wählen Sie einen anderen Lauf.</translation>
    </message>
    <message>
        <source>The corpus of run {run} cannot be read from {source}: {reason} Put the file back where it was, or choose another run.</source>
        <translation>Das Korpus von Lauf {run} lässt sich nicht aus {source} lesen: {reason} Legen Sie die Datei dorthin zurück, wo sie war, oder wählen Sie einen anderen Lauf.</translation>
    </message>
    <message>
        <source>The record of run {run} in the history cannot be read ({error}). The other runs are fine; '{command}' rebuilds the history from the run folders.</source>
        <translation>Der Eintrag von Lauf {run} im Laufverlauf lässt sich nicht lesen ({error}). Die anderen Läufe sind in Ordnung; '{command}' baut den Laufverlauf aus den Laufordnern neu auf.</translation>
    </message>
    <message>
        <source>The number {number} is larger than the history can store (at most {most}); the file it was read from is damaged or was not written by MLM Studio. Nothing was recorded.</source>
        <translation>Die Zahl {number} ist größer, als der Laufverlauf speichern kann (höchstens {most}); die Datei, aus der sie gelesen wurde, ist beschädigt oder stammt nicht von MLM Studio. Es wurde nichts aufgezeichnet.</translation>
    </message>
    <message>
        <source>The run history at {path} is readable; there is nothing to rebuild. Add --force to rebuild it from the run folders anyway (its curves are kept where the file still holds them).</source>
        <translation>Der Laufverlauf unter {path} ist lesbar; es gibt nichts neu aufzubauen. Mit --force wird er trotzdem aus den Laufordnern neu aufgebaut (seine Kurven bleiben erhalten, soweit die Datei sie noch enthält).</translation>
    </message>
    <message>
        <source>The capsule could not be written to {folder} ({error}). Choose another folder or free space.</source>
        <translation>Die Kapsel konnte nicht nach {folder} geschrieben werden ({error}). Wählen Sie einen anderen Ordner oder geben Sie Speicherplatz frei.</translation>
    </message>
    <message>
        <source>The capsule folder {folder} is a file, not a folder. Choose a folder (new or empty).</source>
        <translation>Der Kapselordner {folder} ist eine Datei, kein Ordner. Wählen Sie einen Ordner (neu oder leer).</translation>
    </message>
    <message>
        <source>The capsule folder {folder} cannot be read ({error}). Choose another folder.</source>
        <translation>Der Kapselordner {folder} kann nicht gelesen werden ({error}). Wählen Sie einen anderen Ordner.</translation>
    </message>
    <message>
        <source>The capsule folder {folder} already exists and is not empty ({files}). Choose a new or empty folder, or allow replacing its files (--overwrite).</source>
        <translation>Der Kapselordner {folder} existiert bereits und ist nicht leer ({files}). Wählen Sie einen neuen oder leeren Ordner oder erlauben Sie, seine Dateien zu ersetzen (--overwrite).</translation>
    </message>
    <message>
        <source>Only a corpus that is a single file can be left out of a capsule (the capsule then names its path and fingerprint). Include this corpus instead.</source>
        <translation>Nur ein Korpus, das eine einzelne Datei ist, kann außerhalb der Kapsel bleiben (die Kapsel nennt dann seinen Pfad und Fingerabdruck). Legen Sie dieses Korpus stattdessen in die Kapsel.</translation>
    </message>
    <message>
        <source>{the_what} {path} is a file, not a folder. Choose a folder (new or empty).</source>
        <translation>{the_what} {path} ist eine Datei, kein Ordner. Wählen Sie einen Ordner (neu oder leer).</translation>
    </message>
    <message>
        <source>{the_what} {path} cannot be read ({error}). Choose another folder.</source>
        <translation>{the_what} {path} kann nicht gelesen werden ({error}). Wählen Sie einen anderen Ordner.</translation>
    </message>
    <message>
        <source>{the_what} {path} already exists and is not empty ({files}). Choose a new or empty folder, or allow replacing its files (--overwrite).</source>
        <translation>{the_what} {path} existiert bereits und ist nicht leer ({files}). Wählen Sie einen neuen oder leeren Ordner oder erlauben Sie, seine Dateien zu ersetzen (--overwrite).</translation>
    </message>
    <message>
        <source>{the_what} {path} is a folder. Give a file name.</source>
        <translation>{the_what} {path} ist ein Ordner. Geben Sie einen Dateinamen an.</translation>
    </message>
    <message>
        <source>{the_what} {path} is not a regular file (a device, a pipe or a socket). Give a file name.</source>
        <translation>{the_what} {path} ist keine gewöhnliche Datei (sondern ein Gerät, eine Pipe oder ein Socket). Geben Sie einen Dateinamen an.</translation>
    </message>
    <message>
        <source>{the_what} {path} already exists. Choose another name, or allow replacing the file (--overwrite).</source>
        <translation>{the_what} {path} existiert bereits. Wählen Sie einen anderen Namen oder erlauben Sie, die Datei zu ersetzen (--overwrite).</translation>
    </message>
    <message>
        <source>{the_what} {path} is inside {owner} ({protected}). Choose a folder outside it: writing there would replace the files of a run.</source>
        <translation>{the_what} {path} liegt in {owner} ({protected}). Wählen Sie einen Ordner außerhalb davon: Dort zu schreiben würde die Dateien eines Laufs ersetzen.</translation>
    </message>
    <message>
        <source>{the_what} {path} cannot be made: {ancestor} is a file, not a folder. Choose a path inside a folder.</source>
        <translation>{the_what} {path} lässt sich nicht anlegen: {ancestor} ist eine Datei, kein Ordner. Wählen Sie einen Pfad innerhalb eines Ordners.</translation>
    </message>
    <message>
        <source>The origin.json in {path} (where its model came from) cannot be read, so the export would lose the model's own class, token ids and mask spelling. Nothing was exported; copy the run folder again, or remove its origin.json to export it in MLM Studio's own layout.</source>
        <translation>Die origin.json in {path} (die sagt, woher sein Modell stammt) kann nicht gelesen werden; der Export verlöre damit die eigene Klasse des Modells, seine Token-IDs und die Schreibweise seiner Maske. Es wurde nichts exportiert; kopieren Sie den Laufordner erneut, oder entfernen Sie seine origin.json, um den Lauf im eigenen Aufbau von MLM Studio zu exportieren.</translation>
    </message>
    <message>
        <source>The origin.json in {path} (where its model came from) cannot be read, so the bundle would lose the model's own class, token ids and mask spelling. Nothing was exported; copy the run folder again, or remove its origin.json to export the run without it.</source>
        <translation>Die origin.json in {path} (die sagt, woher sein Modell stammt) kann nicht gelesen werden; die .mlmrun-Datei verlöre damit die eigene Klasse des Modells, seine Token-IDs und die Schreibweise seiner Maske. Es wurde nichts exportiert; kopieren Sie den Laufordner erneut, oder entfernen Sie seine origin.json, um den Lauf ohne sie zu exportieren.</translation>
    </message>
    <message>
        <source>The origin recorded for the model in {path} (origin.json, where it came from) does not fit it: {reason}. Nothing was exported; copy the run folder again, or remove its origin.json to export it in MLM Studio's own layout.</source>
        <translation>Die Herkunft, die für das Modell in {path} verzeichnet ist (origin.json, woher es stammt), passt nicht zu ihm: {reason}. Es wurde nichts exportiert; kopieren Sie den Laufordner erneut, oder entfernen Sie seine origin.json, um den Lauf im eigenen Aufbau von MLM Studio zu exportieren.</translation>
    </message>
    <message>
        <source>it names the model type {type}, which MLM Studio does not open</source>
        <translation>sie nennt den Modelltyp {type}, den MLM Studio nicht öffnet</translation>
    </message>
    <message>
        <source>it names a {family} model, whose layout is not this model's</source>
        <translation>sie nennt ein {family}-Modell, dessen Aufbau nicht der dieses Modells ist</translation>
    </message>
    <message>
        <source>its vocabulary order does not match this model's {vocab} tokens</source>
        <translation>die Reihenfolge ihres Vokabulars passt nicht zu den {vocab} Tokens dieses Modells</translation>
    </message>
    <message>
        <source>it describes a vocabulary of {count} tokens, this model's was {recorded}</source>
        <translation>sie beschreibt ein Vokabular von {count} Tokens, dieses Modell hatte {recorded}</translation>
    </message>
    <message>
        <source>its special tokens are incomplete</source>
        <translation>ihre Sondertokens sind unvollständig</translation>
    </message>
    <message>
        <source>its config is not a JSON object</source>
        <translation>ihre Konfiguration ist kein JSON-Objekt</translation>
    </message>
    <message>
        <source>its {name} is {theirs}, this model's is {ours}</source>
        <translation>bei ihr ist {name} = {theirs}, bei diesem Modell {ours}</translation>
    </message>
    <message>
        <source>it reads {positions} positions, this model {ours}</source>
        <translation>sie liest {positions} Positionen, dieses Modell {ours}</translation>
    </message>
    <message>
        <source>Words can be added to the vocabulary of a model you continue, not of a new one. Choose a model to start from, or add no words.</source>
        <translation>Wörter lassen sich nur dem Vokabular eines Modells hinzufügen, das Sie fortsetzen, nicht dem eines neuen. Wählen Sie ein Modell als Ausgangspunkt, oder fügen Sie keine Wörter hinzu.</translation>
    </message>
    <message>
        <source>The model to continue from cannot be loaded: {reason}</source>
        <translation>Das Modell, das fortgesetzt werden soll, lässt sich nicht laden: {reason}</translation>
    </message>
    <message>
        <source>This run continues the model in {path} but describes another model shape; a continued run keeps the model's own (drop the model settings, or start a new model).</source>
        <translation>Dieser Lauf setzt das Modell in {path} fort, beschreibt aber eine andere Modellform; ein fortgesetzter Lauf behält die des Modells (lassen Sie die Modelleinstellungen weg oder beginnen Sie ein neues Modell).</translation>
    </message>
    <message>
        <source>{where} holds a {kind} model: this is a text generator, not a masked language model. MLM Studio opens BERT, DistilBERT, RoBERTa, XLM-RoBERTa, CamemBERT, ELECTRA (generator or discriminator), ESM and the models MLM Studio exports.</source>
        <translation>{where} enthält ein {kind}-Modell: Das ist ein Textgenerator, kein maskiertes Sprachmodell. MLM Studio öffnet BERT, DistilBERT, RoBERTa, XLM-RoBERTa, CamemBERT, ELECTRA (Generator oder Diskriminator), ESM und die Modelle, die MLM Studio exportiert.</translation>
    </message>
    <message>
        <source>{where} holds an {kind} model: this is a text generator, not a masked language model. MLM Studio opens BERT, DistilBERT, RoBERTa, XLM-RoBERTa, CamemBERT, ELECTRA (generator or discriminator), ESM and the models MLM Studio exports.</source>
        <translation>{where} enthält ein {kind}-Modell: Das ist ein Textgenerator, kein maskiertes Sprachmodell. MLM Studio öffnet BERT, DistilBERT, RoBERTa, XLM-RoBERTa, CamemBERT, ELECTRA (Generator oder Diskriminator), ESM und die Modelle, die MLM Studio exportiert.</translation>
    </message>
    <message>
        <source>The config.json in {where} does not say which kind of model it is (no model_type), so it was not written by transformers. MLM Studio opens BERT, DistilBERT, RoBERTa, XLM-RoBERTa, CamemBERT, ELECTRA (generator or discriminator), ESM and the models MLM Studio exports.</source>
        <translation>Die config.json in {where} sagt nicht, welche Art Modell es ist (kein model_type), sie wurde also nicht von transformers geschrieben. MLM Studio öffnet BERT, DistilBERT, RoBERTa, XLM-RoBERTa, CamemBERT, ELECTRA (Generator oder Diskriminator), ESM und die Modelle, die MLM Studio exportiert.</translation>
    </message>
    <message>
        <source>{where} holds a {kind} model, which MLM Studio cannot open yet. It opens BERT, DistilBERT, RoBERTa, XLM-RoBERTa, CamemBERT, ELECTRA (generator or discriminator), ESM and the models MLM Studio exports.</source>
        <translation>{where} enthält ein {kind}-Modell, das MLM Studio noch nicht öffnen kann. MLM Studio öffnet BERT, DistilBERT, RoBERTa, XLM-RoBERTa, CamemBERT, ELECTRA (Generator oder Diskriminator), ESM und die Modelle, die MLM Studio exportiert.</translation>
    </message>
    <message>
        <source>{where} holds an {kind} model, which MLM Studio cannot open yet. It opens BERT, DistilBERT, RoBERTa, XLM-RoBERTa, CamemBERT, ELECTRA (generator or discriminator), ESM and the models MLM Studio exports.</source>
        <translation>{where} enthält ein {kind}-Modell, das MLM Studio noch nicht öffnen kann. MLM Studio öffnet BERT, DistilBERT, RoBERTa, XLM-RoBERTa, CamemBERT, ELECTRA (Generator oder Diskriminator), ESM und die Modelle, die MLM Studio exportiert.</translation>
    </message>
    <message>
        <source>{path} is not a folder. Give the folder that holds the model's config.json.</source>
        <translation>{path} ist kein Ordner. Geben Sie den Ordner an, der die config.json des Modells enthält.</translation>
    </message>
    <message>
        <source>The folder {path} has no config.json, so it is not a transformers model folder. Give the folder that save_pretrained wrote.</source>
        <translation>Der Ordner {path} hat keine config.json und ist daher kein transformers-Modellordner. Geben Sie den Ordner an, den save_pretrained geschrieben hat.</translation>
    </message>
    <message>
        <source>The folder {path} is incomplete: its {name} is a link to a file that was deleted (a Hugging Face cache cleaned or cut short). Download the model again, or copy it whole.</source>
        <translation>Der Ordner {path} ist unvollständig: {name} darin ist ein Link auf eine gelöschte Datei (ein bereinigter oder abgebrochener Hugging-Face-Cache). Laden Sie das Modell erneut herunter oder kopieren Sie es vollständig.</translation>
    </message>
    <message>
        <source>The {name} in {path} cannot be read ({error}). Check that you are allowed to read it, or copy the model again from where it came from.</source>
        <translation>Die Datei {name} in {path} kann nicht gelesen werden ({error}). Prüfen Sie, ob Sie sie lesen dürfen, oder kopieren Sie das Modell erneut von dort, woher es stammt.</translation>
    </message>
    <message>
        <source>The {name} in {path} cannot be read ({error}). Copy the model again from where it came from, or write it again with save_pretrained.</source>
        <translation>Die Datei {name} in {path} kann nicht gelesen werden ({error}). Kopieren Sie das Modell erneut von dort, woher es stammt, oder schreiben Sie es mit save_pretrained neu.</translation>
    </message>
    <message>
        <source>The config.json in {path} is not a JSON object, so it holds no model settings. Copy the model again from where it came from, or write it again with save_pretrained.</source>
        <translation>Die config.json in {path} ist kein JSON-Objekt und enthält daher keine Modelleinstellungen. Kopieren Sie das Modell erneut von dort, woher es stammt, oder schreiben Sie es mit save_pretrained neu.</translation>
    </message>
    <message>
        <source>The config.json in {path} is a folder, not a file, so the model's settings cannot be read. Copy the model again from where it came from, or write it again with save_pretrained.</source>
        <translation>Die config.json in {path} ist ein Ordner, keine Datei, daher lassen sich die Einstellungen des Modells nicht lesen. Kopieren Sie das Modell erneut von dort, woher es stammt, oder schreiben Sie es mit save_pretrained neu.</translation>
    </message>
    <message>
        <source>The {name} in {path} is not a JSON object. The folder may be damaged; copy the model's tokenizer files again from where it came from.</source>
        <translation>Die Datei {name} in {path} ist kein JSON-Objekt. Der Ordner ist vielleicht beschädigt; kopieren Sie die Tokenizer-Dateien des Modells erneut von dort, woher es stammt.</translation>
    </message>
    <message>
        <source>The folder {path} holds a link that leads back to itself ({name}), so the file it stands for cannot be read. Put the file itself in its place, or copy the model again from where it came from.</source>
        <translation>Der Ordner {path} enthält einen Link, der auf sich selbst zurückführt ({name}), daher lässt sich die Datei, für die er steht, nicht lesen. Legen Sie die Datei selbst an seine Stelle, oder kopieren Sie das Modell erneut von dort, woher es stammt.</translation>
    </message>
    <message>
        <source>The weights in {path} hold {name} as {dtype} values, not as the floating-point numbers (float32, float16 or bfloat16) a model's weights are, so it was not opened. The file is damaged or was not written by transformers; copy the model again from where it came from, or save it again with save_pretrained.</source>
        <translation>Die Gewichte in {path} enthalten {name} als {dtype}-Werte, nicht als die Gleitkommazahlen (float32, float16 oder bfloat16), die die Gewichte eines Modells sind; es wurde daher nicht geöffnet. Die Datei ist beschädigt oder wurde nicht von transformers geschrieben; kopieren Sie das Modell erneut von dort, woher es stammt, oder speichern Sie es mit save_pretrained neu.</translation>
    </message>
    <message>
        <source>The config.json in {path} gives {name} = {value}, which is not a positive whole number. The folder may be damaged.</source>
        <translation>Die config.json in {path} gibt {name} = {value} an, was keine positive ganze Zahl ist. Der Ordner ist vielleicht beschädigt.</translation>
    </message>
    <message>
        <source>The config.json in {path} does not give {name}. The folder may be damaged.</source>
        <translation>Die config.json in {path} gibt {name} nicht an. Der Ordner ist vielleicht beschädigt.</translation>
    </message>
    <message>
        <source>The config.json in {path} describes a model of about {parameters} parameters, more than MLM Studio opens ({limit}); nothing was loaded. Choose a smaller model.</source>
        <translation>Die config.json in {path} beschreibt ein Modell mit etwa {parameters} Parametern, mehr als MLM Studio öffnet ({limit}); es wurde nichts geladen. Wählen Sie ein kleineres Modell.</translation>
    </message>
    <message>
        <source>The folder {path} has no weights (model.safetensors, or pytorch_model.bin). Give the folder that save_pretrained wrote.</source>
        <translation>Der Ordner {path} hat keine Gewichte (model.safetensors oder pytorch_model.bin). Geben Sie den Ordner an, den save_pretrained geschrieben hat.</translation>
    </message>
    <message>
        <source>The weights file {file} holds more than plain weights (or is damaged), so it was not loaded: a pickle can run code. Use the model's model.safetensors instead.</source>
        <translation>Die Gewichtsdatei {file} enthält mehr als reine Gewichte (oder ist beschädigt) und wurde daher nicht geladen: Ein Pickle kann Code ausführen. Verwenden Sie stattdessen die model.safetensors des Modells.</translation>
    </message>
    <message>
        <source>The weights file {file} is damaged or not a safetensors file ({error}). Copy the model again from where it came from.</source>
        <translation>Die Gewichtsdatei {file} ist beschädigt oder keine safetensors-Datei ({error}). Kopieren Sie das Modell erneut von dort, wo es herkommt.</translation>
    </message>
    <message>
        <source>This model was saved without its fill-mask head, so the head is new and untrained: its predictions mean nothing until it is trained.</source>
        <translation>Dieses Modell wurde ohne seinen Kopf zum Lückenfüllen gespeichert, daher ist der Kopf neu und untrainiert: Seine Vorhersagen bedeuten nichts, bis er trainiert ist.</translation>
    </message>
    <message>
        <source>This is an ELECTRA discriminator: its replaced-word detector (detect) is its own, trained, but its fill-mask generator is new and untrained, so fill's predictions mean nothing until it is trained.</source>
        <translation>Dies ist ein ELECTRA-Diskriminator: Sein Erkenner getauschter Wörter (detect) ist sein eigener und trainiert, aber sein Generator zum Lückenfüllen ist neu und untrainiert, daher bedeuten die Vorhersagen von fill nichts, bis er trainiert ist.</translation>
    </message>
    <message>
        <source>The folder {path} has no tokenizer (tokenizer.json, or vocab.txt), so its text cannot be read. Copy the tokenizer files that came with the model into the folder.</source>
        <translation>Der Ordner {path} hat keinen Tokenizer (tokenizer.json oder vocab.txt), daher kann sein Text nicht gelesen werden. Kopieren Sie die Tokenizer-Dateien, die zum Modell gehören, in den Ordner.</translation>
    </message>
    <message>
        <source>The config.json in {path} says the vocabulary has {vocab} tokens, but its tokenizer has {size}. The folder mixes files of different models; copy the model again.</source>
        <translation>Laut der config.json in {path} hat das Vokabular {vocab} Tokens, sein Tokenizer aber {size}. Der Ordner mischt Dateien verschiedener Modelle; kopieren Sie das Modell erneut.</translation>
    </message>
    <message>
        <source>The folder {path} does not exist. Choose a folder written by MLM Studio.</source>
        <translation>Der Ordner {path} existiert nicht. Wählen Sie einen Ordner, den MLM Studio geschrieben hat.</translation>
    </message>
    <message>
        <source>{path} is a file, not a model folder. Choose a folder written by MLM Studio (it holds config.json, tokenizer.json and model.safetensors).</source>
        <translation>{path} ist eine Datei, kein Modellordner. Wählen Sie einen Ordner, den MLM Studio geschrieben hat (er enthält config.json, tokenizer.json und model.safetensors).</translation>
    </message>
    <message>
        <source>The folder {path} has no {name}. Choose a folder written by MLM Studio (it holds config.json, tokenizer.json and model.safetensors).</source>
        <translation>Im Ordner {path} fehlt {name}. Wählen Sie einen Ordner, den MLM Studio geschrieben hat (er enthält config.json, tokenizer.json und model.safetensors).</translation>
    </message>
    <message>
        <source>{reason} (The model in {path}.)</source>
        <translation>{reason} (Das Modell in {path}.)</translation>
    </message>
    <message>
        <source>The config.json in {path} cannot be used: {reason} The folder may be damaged; choose another or retrain.</source>
        <translation>Die config.json in {path} lässt sich nicht verwenden: {reason} Der Ordner ist vielleicht beschädigt; wählen Sie einen anderen oder trainieren Sie neu.</translation>
    </message>
    <message>
        <source>The tokenizer.json in {path} cannot be used: {reason}</source>
        <translation>Die tokenizer.json in {path} lässt sich nicht verwenden: {reason}</translation>
    </message>
    <message>
        <source>The tokenizer.json in {path} is damaged ({error}). Choose another folder or retrain.</source>
        <translation>Die tokenizer.json in {path} ist beschädigt ({error}). Wählen Sie einen anderen Ordner oder trainieren Sie neu.</translation>
    </message>
    <message>
        <source>The {file} in {path} is damaged or not a safetensors file ({error}). Choose another folder or retrain.</source>
        <translation>Die Datei {file} in {path} ist beschädigt oder keine safetensors-Datei ({error}). Wählen Sie einen anderen Ordner oder trainieren Sie neu.</translation>
    </message>
    <message>
        <source>The weights in {path} do not match its config.json and tokenizer.json ({details}). The folder may mix files from different runs; retrain or choose another folder.</source>
        <translation>Die Gewichte in {path} passen nicht zur config.json und tokenizer.json des Ordners ({details}). Der Ordner mischt vielleicht Dateien verschiedener Läufe; trainieren Sie neu oder wählen Sie einen anderen Ordner.</translation>
    </message>
    <message>
        <source>missing {names}</source>
        <translation>es fehlen {names}</translation>
    </message>
    <message>
        <source>unexpected {names}</source>
        <translation>unerwartet: {names}</translation>
    </message>
    <message>
        <source>wrong shape for {names}</source>
        <translation>falsche Form bei {names}</translation>
    </message>
    <message>
        <source>{path} already exists. Choose a new folder for the opened model.</source>
        <translation>{path} existiert bereits. Wählen Sie einen neuen Ordner für das geöffnete Modell.</translation>
    </message>
    <message>
        <source>The weights in {path} hold numbers that are not finite (NaN or infinity) in {name}. The model is damaged (a training that diverged, or a file cut short); copy it again.</source>
        <translation>Die Gewichte in {path} enthalten in {name} Zahlen, die nicht endlich sind (NaN oder unendlich). Das Modell ist beschädigt (ein Training, das divergiert ist, oder eine abgeschnittene Datei); kopieren Sie es erneut.</translation>
    </message>
    <message>
        <source>The ELECTRA generator in {path} projects its embeddings to another width (embedding_size differs from hidden_size), which MLM Studio's layout cannot hold yet.</source>
        <translation>Der ELECTRA-Generator in {path} projiziert seine Embeddings auf eine andere Breite (embedding_size unterscheidet sich von hidden_size); das kann der Aufbau von MLM Studio noch nicht abbilden.</translation>
    </message>
    <message>
        <source>The config.json in {path} gives hidden_size = {width} and num_attention_heads = {heads}, which do not divide (transformers refuses it too). The folder may be damaged.</source>
        <translation>Die config.json in {path} gibt hidden_size = {width} und num_attention_heads = {heads} an, die sich nicht teilen lassen (auch transformers lehnt das ab). Der Ordner ist vielleicht beschädigt.</translation>
    </message>
    <message>
        <source>The model in {path} reads at most {positions} tokens at once (its max_position_embeddings); MLM Studio's layers read {low} to {high}. This model cannot be opened here.</source>
        <translation>Das Modell in {path} liest höchstens {positions} Tokens auf einmal (seine max_position_embeddings); die Schichten von MLM Studio lesen {low} bis {high}. Dieses Modell lässt sich hier nicht öffnen.</translation>
    </message>
    <message>
        <source>The model in {path} uses the activation {activation}; MLM Studio's layers use the exact GELU ('gelu'), so its predictions would differ. This model cannot be opened here.</source>
        <translation>Das Modell in {path} verwendet die Aktivierung {activation}; die Schichten von MLM Studio verwenden die exakte GELU ('gelu'), seine Vorhersagen wären also anders. Dieses Modell lässt sich hier nicht öffnen.</translation>
    </message>
    <message>
        <source>The model in {path} uses {kind} positions, which MLM Studio's BERT layout does not have. This model cannot be opened here.</source>
        <translation>Das Modell in {path} verwendet Positionen der Art {kind}, die der BERT-Aufbau von MLM Studio nicht hat. Dieses Modell lässt sich hier nicht öffnen.</translation>
    </message>
    <message>
        <source>The ESM model in {path} has learned positions; MLM Studio opens rotary ESM models.</source>
        <translation>Das ESM-Modell in {path} hat gelernte Positionen; MLM Studio öffnet ESM-Modelle mit rotierenden Positionen (rotary).</translation>
    </message>
    <message>
        <source>The ESM model in {path} normalises its embeddings first (an ESM-1b layout), which MLM Studio's layers do not do yet. This model cannot be opened here.</source>
        <translation>Das ESM-Modell in {path} normalisiert zuerst seine Embeddings (ein ESM-1b-Aufbau), was die Schichten von MLM Studio noch nicht tun. Dieses Modell lässt sich hier nicht öffnen.</translation>
    </message>
    <message>
        <source>The ESM model in {path} turns its positions at another rate (rope_theta).</source>
        <translation>Das ESM-Modell in {path} dreht seine Positionen mit einer anderen Rate (rope_theta).</translation>
    </message>
    <message>
        <source>The model in {path} cannot be held by MLM Studio's layers: {reason}</source>
        <translation>Das Modell in {path} passt nicht in die Schichten von MLM Studio: {reason}</translation>
    </message>
    <message>
        <source>The config.json in {path} gives {name} = {value}, which is not a number. The folder may be damaged.</source>
        <translation>Die config.json in {path} gibt {name} = {value} an, was keine Zahl ist. Der Ordner ist vielleicht beschädigt.</translation>
    </message>
    <message>
        <source>The config.json in {path} gives pad_token_id = {value}, which is not a token id of its vocabulary. The folder may be damaged.</source>
        <translation>Die config.json in {path} gibt pad_token_id = {value} an, was keine Token-ID seines Vokabulars ist. Der Ordner ist vielleicht beschädigt.</translation>
    </message>
    <message>
        <source>The weights file {file} cannot be read ({error}). Check that you are allowed to read it, or copy the model again from where it came from.</source>
        <translation>Die Gewichtsdatei {file} kann nicht gelesen werden ({error}). Prüfen Sie, ob Sie sie lesen dürfen, oder kopieren Sie das Modell erneut von dort, woher es stammt.</translation>
    </message>
    <message>
        <source>The weights index {file} cannot be read ({error}). Check that you are allowed to read it, or copy the model again from where it came from.</source>
        <translation>Der Gewichtsindex {file} kann nicht gelesen werden ({error}). Prüfen Sie, ob Sie ihn lesen dürfen, oder kopieren Sie das Modell erneut von dort, woher es stammt.</translation>
    </message>
    <message>
        <source>The weights index {file} cannot be read ({error}). Copy the model again from where it came from, or write it again with save_pretrained.</source>
        <translation>Der Gewichtsindex {file} kann nicht gelesen werden ({error}). Kopieren Sie das Modell erneut von dort, woher es stammt, oder schreiben Sie es mit save_pretrained neu.</translation>
    </message>
    <message>
        <source>it names an {family} model, whose layout is not this model's</source>
        <translation>sie nennt ein {family}-Modell, dessen Aufbau nicht der dieses Modells ist</translation>
    </message>
    <message>
        <source>its {name} is {value}, not a whole number from {low} to {high}</source>
        <translation>ihr Wert {name} ist {value}, keine ganze Zahl von {low} bis {high}</translation>
    </message>
    <message>
        <source>The folder {path} has a name that is not UTF-8 text, so MLM Studio cannot record where the model came from. Rename the folder (or the one above it that has such a name), or copy the model to a folder whose name is UTF-8.</source>
        <translation>Der Ordner {path} hat einen Namen, der kein UTF-8-Text ist, daher kann MLM Studio nicht festhalten, woher das Modell stammt. Benennen Sie den Ordner um (oder den darüber, der einen solchen Namen hat), oder kopieren Sie das Modell in einen Ordner, dessen Name UTF-8 ist.</translation>
    </message>
    <message>
        <source>The weights index {file} names no shard files (its weight_map is empty or not file names). Copy the model again from where it came from.</source>
        <translation>Der Gewichtsindex {file} nennt keine Teildateien (seine weight_map ist leer oder enthält keine Dateinamen). Kopieren Sie das Modell erneut von dort, wo es herkommt.</translation>
    </message>
    <message>
        <source>The weights index in {path} names {name}, which is not a file in the folder. Copy the model again from where it came from.</source>
        <translation>Der Gewichtsindex in {path} nennt {name}, das keine Datei im Ordner ist. Kopieren Sie das Modell erneut von dort, wo es herkommt.</translation>
    </message>
    <message>
        <source>The weights file {file} does not hold a table of weights. The folder may be damaged.</source>
        <translation>Die Gewichtsdatei {file} enthält keine Tabelle von Gewichten. Der Ordner ist vielleicht beschädigt.</translation>
    </message>
    <message>
        <source>The weights in {path} have no word embeddings under the names a {names} model uses. The folder may mix files of different models; copy the model again.</source>
        <translation>Die Gewichte in {path} haben keine Wort-Embeddings unter den Namen, die ein {names}-Modell verwendet. Der Ordner mischt vielleicht Dateien verschiedener Modelle; kopieren Sie das Modell erneut.</translation>
    </message>
    <message>
        <source>The weights in {path} have no word embeddings under the names an {names} model uses. The folder may mix files of different models; copy the model again.</source>
        <translation>Die Gewichte in {path} haben keine Wort-Embeddings unter den Namen, die ein {names}-Modell verwendet. Der Ordner mischt vielleicht Dateien verschiedener Modelle; kopieren Sie das Modell erneut.</translation>
    </message>
    <message>
        <source>The weights in {path} are missing {name}. The folder may be damaged; copy the model again.</source>
        <translation>In den Gewichten in {path} fehlt {name}. Der Ordner ist vielleicht beschädigt; kopieren Sie das Modell erneut.</translation>
    </message>
    <message>
        <source>The weights in {path} hold more layers than the {count} its config.json gives (num_hidden_layers). The folder may mix files of different models; copy the model again.</source>
        <translation>Die Gewichte in {path} enthalten mehr Schichten als die {count}, die die config.json des Ordners angibt (num_hidden_layers). Der Ordner mischt vielleicht Dateien verschiedener Modelle; kopieren Sie das Modell erneut.</translation>
    </message>
    <message>
        <source>This model has no learned positions or embedding LayerNorm, so it is not BERT-like.</source>
        <translation>Dieses Modell hat keine gelernten Positionen und keine LayerNorm der Embeddings, es ist also nicht BERT-artig.</translation>
    </message>
    <message>
        <source>The model in {path} has a decoder of its own, not tied to its word embeddings, which MLM Studio's pre-LN layout cannot hold. This model cannot be opened here.</source>
        <translation>Das Modell in {path} hat einen eigenen Decoder, der nicht an seine Wort-Embeddings gebunden ist; das kann der Pre-LN-Aufbau von MLM Studio nicht abbilden. Dieses Modell lässt sich hier nicht öffnen.</translation>
    </message>
    <message>
        <source>The model in {path} has no final LayerNorm. The folder may be damaged.</source>
        <translation>Das Modell in {path} hat keine abschließende LayerNorm. Der Ordner ist vielleicht beschädigt.</translation>
    </message>
    <message>
        <source>The ELECTRA discriminator in {path} has no position embeddings. The folder may be damaged.</source>
        <translation>Der ELECTRA-Diskriminator in {path} hat keine Positions-Embeddings. Der Ordner ist vielleicht beschädigt.</translation>
    </message>
    <message>
        <source>The tokenizer in {path} names {token} as its {role} token but does not contain it. The folder may be damaged; copy the model again.</source>
        <translation>Der Tokenizer in {path} nennt {token} als sein {role}-Token, enthält es aber nicht. Der Ordner ist vielleicht beschädigt; kopieren Sie das Modell erneut.</translation>
    </message>
    <message>
        <source>The tokenizer in {path} uses one token for two roles ({roles}), which MLM Studio cannot tell apart. This model cannot be opened here.</source>
        <translation>Der Tokenizer in {path} verwendet ein Token für zwei Rollen ({roles}), die MLM Studio nicht auseinanderhalten kann. Dieses Modell lässt sich hier nicht öffnen.</translation>
    </message>
    <message>
        <source>The tokenizer.json in {path} cannot be read ({error}).</source>
        <translation>Die tokenizer.json in {path} kann nicht gelesen werden ({error}).</translation>
    </message>
    <message>
        <source>The {name} in {path} cannot be read ({error}).</source>
        <translation>Die Datei {name} in {path} kann nicht gelesen werden ({error}).</translation>
    </message>
    <message>
        <source>The tokenizer in {path} has no mask token, so it cannot fill in blanks. Copy the tokenizer files that came with the model (tokenizer_config.json names its special tokens) into the folder.</source>
        <translation>Der Tokenizer in {path} hat kein Masken-Token und kann daher keine Lücken füllen. Kopieren Sie die Tokenizer-Dateien, die zum Modell gehören (tokenizer_config.json nennt seine Sondertokens), in den Ordner.</translation>
    </message>
    <message>
        <source>The tokenizer in {path} has no {role} token. Copy the tokenizer files that came with the model (tokenizer_config.json names its special tokens) into the folder.</source>
        <translation>Der Tokenizer in {path} hat kein {role}-Token. Kopieren Sie die Tokenizer-Dateien, die zum Modell gehören (tokenizer_config.json nennt seine Sondertokens), in den Ordner.</translation>
    </message>
    <message>
        <source>The cache's copy of {repo} has no snapshot (a download cut short). Download it again (or delete its cache folder).</source>
        <translation>Die Kopie von {repo} im Cache hat keinen Snapshot (ein abgebrochener Download). Laden Sie das Modell erneut herunter (oder löschen Sie seinen Cache-Ordner).</translation>
    </message>
    <message>
        <source>{repo} is not in the local Hugging Face cache ({cache}). MLM Studio never downloads: download it with transformers or huggingface-cli first, or give its folder.</source>
        <translation>{repo} ist nicht im lokalen Hugging-Face-Cache ({cache}). MLM Studio lädt nie etwas herunter: Laden Sie das Modell zuerst mit transformers oder huggingface-cli herunter, oder geben Sie seinen Ordner an.</translation>
    </message>
    <message>
        <source>The cache's copy of {repo} is incomplete: its refs/main names the revision {revision}, which has no snapshot. Download the model again (or delete its cache folder).</source>
        <translation>Die Kopie von {repo} im Cache ist unvollständig: Ihre refs/main nennt die Revision {revision}, die keinen Snapshot hat. Laden Sie das Modell erneut herunter (oder löschen Sie seinen Cache-Ordner).</translation>
    </message>
    <message>
        <source>The cache's copy of {repo} has no snapshot. Download it again.</source>
        <translation>Die Kopie von {repo} im Cache hat keinen Snapshot. Laden Sie das Modell erneut herunter.</translation>
    </message>
    <message>
        <source>The cache's copy of {repo} is incomplete: its {name} is a link to a file that was deleted. Download the model again (or delete its cache folder).</source>
        <translation>Die Kopie von {repo} im Cache ist unvollständig: Ihr {name} ist ein Link auf eine gelöschte Datei. Laden Sie das Modell erneut herunter (oder löschen Sie seinen Cache-Ordner).</translation>
    </message>
    <message>
        <source>The cache's copy of {repo} is damaged: its {name} is a link that leads back to itself. Download the model again (or delete its cache folder).</source>
        <translation>Die Kopie von {repo} im Cache ist beschädigt: Ihr {name} ist ein Link, der auf sich selbst zurückführt. Laden Sie das Modell erneut herunter (oder löschen Sie seinen Cache-Ordner).</translation>
    </message>
    <message>
        <source>The weights in {path} do not have the shapes its config.json describes ({reason}). The folder may mix files of different models; copy the model again.</source>
        <translation>Die Gewichte in {path} haben nicht die Formen, die die config.json des Ordners beschreibt ({reason}). Der Ordner mischt vielleicht Dateien verschiedener Modelle; kopieren Sie das Modell erneut.</translation>
    </message>
    <message>
        <source>its word embeddings are {shape}, not {expected}</source>
        <translation>seine Wort-Embeddings haben die Form {shape} statt {expected}</translation>
    </message>
    <message>
        <source>its position embeddings are {shape}, not {expected}</source>
        <translation>seine Positions-Embeddings haben die Form {shape} statt {expected}</translation>
    </message>
    <message>
        <source>its decoder are {shape}, not {expected}</source>
        <translation>sein Decoder hat die Form {shape} statt {expected}</translation>
    </message>
    <message>
        <source>its decoder bias are {shape}, not {expected}</source>
        <translation>der Bias seines Decoders hat die Form {shape} statt {expected}</translation>
    </message>
    <message>
        <source>The weights file {file} is empty (0 bytes): its download or copy was cut short. Copy the model again from where it came from.</source>
        <translation>Die Gewichtsdatei {file} ist leer (0 Bytes): Ihr Download oder ihre Kopie wurde abgebrochen. Kopieren Sie das Modell erneut von dort, wo es herkommt.</translation>
    </message>
    <message>
        <source>The folder may be damaged; copy the model's tokenizer files again from where it came from.</source>
        <translation>Der Ordner ist vielleicht beschädigt; kopieren Sie die Tokenizer-Dateien des Modells erneut von dort, wo sie herkommen.</translation>
    </message>
    <message>
        <source>The folder {path} has its tokenizer only as a SentencePiece model ({name}), which MLM Studio does not read: it reads tokenizer.json. Write one with transformers (AutoTokenizer.from_pretrained(folder).save_pretrained(folder)), or copy the model's tokenizer.json into the folder.</source>
        <translation>Der Ordner {path} hat seinen Tokenizer nur als SentencePiece-Modell ({name}), das MLM Studio nicht liest: Es liest tokenizer.json. Schreiben Sie eine mit transformers (AutoTokenizer.from_pretrained(folder).save_pretrained(folder)), oder kopieren Sie die tokenizer.json des Modells in den Ordner.</translation>
    </message>
    <message>
        <source>This model has no token embedding to look at.</source>
        <translation>Dieses Modell hat kein Token-Embedding zum Ansehen.</translation>
    </message>
    <message>
        <source>The runs cut the text differently (tokenizer or sequence length), so they hid different tokens: each word's loss is the mean over the tokens each run hid in it.</source>
        <translation>Die Läufe zerlegen den Text verschieden (Tokenizer oder Sequenzlänge) und haben daher verschiedene Tokens versteckt: Der Verlust jedes Wortes ist das Mittel über die Tokens, die jeder Lauf darin versteckt hat.</translation>
    </message>
    <message>
        <source>Reading {subject} ({number}/{total})</source>
        <translation>Lesen: {subject} ({number}/{total})</translation>
    </message>
    <message>
        <source>{count} texts were longer than {subject} reads and were cut.</source>
        <translation>{count} Texte waren länger, als {subject} liest, und wurden gekürzt.</translation>
    </message>
    <message>
        <source>The tokenizer</source>
        <translation>Der Tokenizer</translation>
    </message>
    <message>
        <source>The tokenizer file {path}</source>
        <translation>Die Tokenizer-Datei {path}</translation>
    </message>
    <message>
        <source>The first run</source>
        <translation>Der erste Lauf</translation>
    </message>
    <message>
        <source>Run {label}</source>
        <translation>Lauf {label}</translation>
    </message>
    <message>
        <source>range</source>
        <translation>Bereich</translation>
    </message>
    <message>
        <source>choices</source>
        <translation>Auswahl</translation>
    </message>
    <message>
        <source>the bundle</source>
        <translation>der .mlmrun-Datei</translation>
    </message>
    <message>
        <source>The export folder</source>
        <translation>Der Exportordner</translation>
    </message>
    <message>
        <source>The bundle file</source>
        <translation>Die .mlmrun-Datei</translation>
    </message>
    <message>
        <source>The capsule folder</source>
        <translation>Der Kapselordner</translation>
    </message>
    <message>
        <source>the history's run folders</source>
        <translation>den Laufordnern des Laufverlaufs</translation>
    </message>
    <message>
        <source>the run history</source>
        <translation>dem Laufverlauf</translation>
    </message>
    <message>
        <source>the platform's default</source>
        <translation>der Vorgabe des Systems</translation>
    </message>
    <message>
        <source>The run</source>
        <translation>Der Lauf</translation>
    </message>
    <message>
        <source>run A</source>
        <translation>Lauf A</translation>
    </message>
    <message>
        <source>run B</source>
        <translation>Lauf B</translation>
    </message>
    <message>
        <source>{shown} and {more} more</source>
        <translation>{shown} und {more} weitere</translation>
    </message>
    <message>
        <source>Rows {rows}</source>
        <translation>Zeilen {rows}</translation>
    </message>
    <message>
        <source>Row {rows}</source>
        <translation>Zeile {rows}</translation>
    </message>
    <message>
        <source>layer {number}</source>
        <translation>Schicht {number}</translation>
    </message>
    <message>
        <source>generator {number}</source>
        <translation>Generator {number}</translation>
    </message>
    <message>
        <source>discriminator {number}</source>
        <translation>Diskriminator {number}</translation>
    </message>
    <message>
        <source>embeddings</source>
        <translation>Embeddings</translation>
    </message>
    <message>
        <source>this run</source>
        <translation>dieser Lauf</translation>
    </message>
    <message>
        <source>random twin</source>
        <translation>zufälliger Zwilling</translation>
    </message>
    <message>
        <source>the random twin</source>
        <translation>der zufällige Zwilling</translation>
    </message>
    <message>
        <source>majority class</source>
        <translation>Mehrheitsklasse</translation>
    </message>
    <message>
        <source>probe</source>
        <translation>Sonde</translation>
    </message>
    <message>
        <source>fine-tune</source>
        <translation>Feinabstimmung</translation>
    </message>
    <message>
        <source>step {step}</source>
        <translation>Schritt {step}</translation>
    </message>
    <message>
        <source>{setting}: one of {choices}</source>
        <translation>{setting}: eines von {choices}</translation>
    </message>
    <message>
        <source>{setting}: {low} to {high}, log scale</source>
        <translation>{setting}: {low} bis {high}, logarithmisch</translation>
    </message>
    <message>
        <source>{setting}: {low} to {high}</source>
        <translation>{setting}: {low} bis {high}</translation>
    </message>
    <message>
        <source>No space left on device</source>
        <translation>Auf dem Gerät ist kein Speicherplatz mehr frei</translation>
    </message>
    <message>
        <source>Disk quota exceeded</source>
        <translation>Das Speicherkontingent ist überschritten</translation>
    </message>
    <message>
        <source>Permission denied</source>
        <translation>Keine Berechtigung</translation>
    </message>
    <message>
        <source>Operation not permitted</source>
        <translation>Der Vorgang ist nicht erlaubt</translation>
    </message>
    <message>
        <source>Read-only file system</source>
        <translation>Das Dateisystem ist schreibgeschützt</translation>
    </message>
    <message>
        <source>No such file or directory</source>
        <translation>Die Datei oder der Ordner existiert nicht</translation>
    </message>
    <message>
        <source>File exists</source>
        <translation>Die Datei existiert bereits</translation>
    </message>
    <message>
        <source>Is a directory</source>
        <translation>Das ist ein Ordner</translation>
    </message>
    <message>
        <source>Not a directory</source>
        <translation>Das ist kein Ordner</translation>
    </message>
    <message>
        <source>Directory not empty</source>
        <translation>Der Ordner ist nicht leer</translation>
    </message>
    <message>
        <source>Input/output error</source>
        <translation>Ein-/Ausgabefehler</translation>
    </message>
    <message>
        <source>File name too long</source>
        <translation>Der Dateiname ist zu lang</translation>
    </message>
    <message>
        <source>Device or resource busy</source>
        <translation>Das Gerät oder die Ressource ist belegt</translation>
    </message>
    <message>
        <source>File too large</source>
        <translation>Die Datei ist zu groß</translation>
    </message>
    <message>
        <source>Too many open files</source>
        <translation>Zu viele offene Dateien</translation>
    </message>
    <message>
        <source>Too many levels of symbolic links</source>
        <translation>Zu viele Ebenen symbolischer Links</translation>
    </message>
    <message>
        <source>database is locked</source>
        <translation>die Datenbank ist gesperrt</translation>
    </message>
    <message>
        <source>database table is locked</source>
        <translation>eine Tabelle der Datenbank ist gesperrt</translation>
    </message>
    <message>
        <source>disk I/O error</source>
        <translation>Lese- oder Schreibfehler auf dem Datenträger</translation>
    </message>
    <message>
        <source>database disk image is malformed</source>
        <translation>die Datenbankdatei ist fehlerhaft aufgebaut</translation>
    </message>
    <message>
        <source>attempt to write a readonly database</source>
        <translation>Schreibversuch in eine schreibgeschützte Datenbank</translation>
    </message>
    <message>
        <source>unable to open database file</source>
        <translation>die Datenbankdatei lässt sich nicht öffnen</translation>
    </message>
    <message>
        <source>file is not a database</source>
        <translation>die Datei ist keine Datenbank</translation>
    </message>
    <message>
        <source>database or disk is full</source>
        <translation>die Datenbank oder der Datenträger ist voll</translation>
    </message>
    <message>
        <source>File is not a zip file</source>
        <translation>die Datei ist keine ZIP-Datei</translation>
    </message>
    <message>
        <source>Truncated file header</source>
        <translation>der Dateikopf ist abgeschnitten</translation>
    </message>
    <message>
        <source>Bad magic number for file header</source>
        <translation>der Dateikopf hat eine falsche Kennung</translation>
    </message>
</context>
<context>
    <name>EngineWarmup</name>
    <message>
        <source>The training engine could not be loaded: {reason}</source>
        <translation>Die Trainings-Engine konnte nicht geladen werden: {reason}</translation>
    </message>
</context>
<context>
    <name>ExploreAnswers</name>
    <message>
        <source>{name}  ({accuracy:.0%} acc, {id})</source>
        <translation>{name}  ({accuracy:.0%} Gen., {id})</translation>
    </message>
    <message>
        <source>[MASK] {number} of {count}</source>
        <translation>[MASK] {number} von {count}</translation>
    </message>
</context>
<context>
    <name>ExplorePage</name>
    <message>
        <source>How many guesses to show for each [MASK]</source>
        <translation>Wie viele Tipps für jedes [MASK] gezeigt werden</translation>
    </message>
    <message>
        <source>Top k:</source>
        <translation>Top k:</translation>
    </message>
    <message>
        <source>The trained run whose model answers</source>
        <translation>Der trainierte Lauf, dessen Modell antwortet</translation>
    </message>
    <message>
        <source>Reload runs</source>
        <translation>Läufe neu laden</translation>
    </message>
    <message>
        <source>Read the list of runs from the history again</source>
        <translation>Die Liste der Läufe erneut aus dem Laufverlauf lesen</translation>
    </message>
    <message>
        <source>Open a model…</source>
        <translation>Modell öffnen…</translation>
    </message>
    <message>
        <source>Open a masked language model from a transformers folder or the local Hugging Face cache</source>
        <translation>Ein maskiertes Sprachmodell aus einem transformers-Ordner oder dem lokalen Hugging-Face-Cache öffnen</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>Modell:</translation>
    </message>
    <message>
        <source>This run has no saved model to explore. Finish or resume its training first.</source>
        <translation>Dieser Lauf hat kein gespeichertes Modell zum Erkunden. Schließen Sie sein Training zuerst ab oder setzen Sie es fort.</translation>
    </message>
    <message>
        <source>There is no trained run to ask yet. Train one on the Train page, or import a run on the History page.</source>
        <translation>Es gibt noch keinen trainierten Lauf zum Fragen. Trainieren Sie einen auf der Seite Training oder importieren Sie einen auf der Seite Verlauf.</translation>
    </message>
    <message>
        <source>{what}…</source>
        <translation>{what}…</translation>
    </message>
    <message>
        <source>Asking the model</source>
        <translation>Das Modell wird gefragt</translation>
    </message>
    <message>
        <source>The model of '{name}' is ready.</source>
        <translation>Das Modell von „{name}“ ist bereit.</translation>
    </message>
    <message>
        <source>Checking the model…</source>
        <translation>Das Modell wird geprüft…</translation>
    </message>
    <message>
        <source>Loading the model…</source>
        <translation>Das Modell wird geladen…</translation>
    </message>
    <message>
        <source>Reading the runs…</source>
        <translation>Die Läufe werden gelesen…</translation>
    </message>
    <message>
        <source>No trained runs yet: train one on the Train page</source>
        <translation>Noch keine trainierten Läufe: Trainieren Sie einen auf der Seite Training</translation>
    </message>
    <message>
        <source>This model reads single characters: clicking a word puts one [MASK] per letter.</source>
        <translation>Dieses Modell liest einzelne Zeichen: Ein Klick auf ein Wort setzt ein [MASK] pro Buchstabe.</translation>
    </message>
    <message>
        <source>Type a sentence first, with [MASK] where the model should guess a word.</source>
        <translation>Geben Sie zuerst einen Satz ein, mit [MASK] an der Stelle, an der das Modell ein Wort erraten soll.</translation>
    </message>
    <message>
        <source>Add [MASK] where the model should guess a word, or click a word below the text box to mask it.</source>
        <translation>Setzen Sie [MASK] dort ein, wo das Modell ein Wort erraten soll, oder klicken Sie unter dem Textfeld auf ein Wort, um es zu maskieren.</translation>
    </message>
</context>
<context>
    <name>ExploreTabs</name>
    <message>
        <source>Predictions</source>
        <translation>Vorhersagen</translation>
    </message>
    <message>
        <source>Compare runs</source>
        <translation>Läufe vergleichen</translation>
    </message>
    <message>
        <source>Fill one at a time</source>
        <translation>Einzeln füllen</translation>
    </message>
    <message>
        <source>Score words</source>
        <translation>Wörter bewerten</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>Attention</translation>
    </message>
    <message>
        <source>Over training</source>
        <translation>Im Trainingsverlauf</translation>
    </message>
    <message>
        <source>Embeddings</source>
        <translation>Embeddings</translation>
    </message>
    <message>
        <source>Layer by layer</source>
        <translation>Schicht für Schicht</translation>
    </message>
    <message>
        <source>Spot the replaced word</source>
        <translation>Ersetztes Wort finden</translation>
    </message>
    <message>
        <source>Score sentences</source>
        <translation>Sätze bewerten</translation>
    </message>
    <message>
        <source>Per-token loss</source>
        <translation>Verlust pro Token</translation>
    </message>
    <message>
        <source>Transfer probe</source>
        <translation>Transfer-Test</translation>
    </message>
</context>
<context>
    <name>ExportButtons</name>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG-Bild (*.png)</translation>
    </message>
    <message>
        <source>CSV table (*.csv)</source>
        <translation>CSV-Tabelle (*.csv)</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>the image could not be written</source>
        <translation>das Bild konnte nicht geschrieben werden</translation>
    </message>
    <message>
        <source>Choose a file name to save to.</source>
        <translation>Wählen Sie einen Dateinamen zum Speichern.</translation>
    </message>
    <message>
        <source>its folder does not exist</source>
        <translation>sein Ordner existiert nicht</translation>
    </message>
    <message>
        <source>the folder is read-only</source>
        <translation>der Ordner ist schreibgeschützt</translation>
    </message>
    <message>
        <source>the file is read-only</source>
        <translation>die Datei ist schreibgeschützt</translation>
    </message>
    <message>
        <source>the disk is full</source>
        <translation>der Datenträger ist voll</translation>
    </message>
    <message>
        <source>the folder or file is read-only</source>
        <translation>der Ordner oder die Datei ist schreibgeschützt</translation>
    </message>
    <message>
        <source>the disk is read-only</source>
        <translation>der Datenträger ist schreibgeschützt</translation>
    </message>
    <message>
        <source>a folder has that name</source>
        <translation>ein Ordner trägt diesen Namen</translation>
    </message>
    <message>
        <source>Could not save {name} in {folder}: {reason}. Choose another folder or name.</source>
        <translation>{name} konnte nicht in {folder} gespeichert werden: {reason}. Wählen Sie einen anderen Ordner oder Namen.</translation>
    </message>
    <message>
        <source>Save picture…</source>
        <translation>Bild speichern…</translation>
    </message>
    <message>
        <source>Save this view as a PNG image.</source>
        <translation>Diese Ansicht als PNG-Bild speichern.</translation>
    </message>
    <message>
        <source>Save numbers…</source>
        <translation>Zahlen speichern…</translation>
    </message>
    <message>
        <source>Save the numbers behind this view as {first} or {second}.</source>
        <translation>Die Zahlen hinter dieser Ansicht als {first} oder {second} speichern.</translation>
    </message>
    <message>
        <source>Save the numbers behind this view as {kind}.</source>
        <translation>Die Zahlen hinter dieser Ansicht als {kind} speichern.</translation>
    </message>
    <message>
        <source>There is nothing to save yet: ask the model first.</source>
        <translation>Es gibt noch nichts zu speichern: Fragen Sie zuerst das Modell.</translation>
    </message>
    <message>
        <source>Could not save the file: {reason}. Choose another folder or name.</source>
        <translation>Die Datei konnte nicht gespeichert werden: {reason}. Wählen Sie einen anderen Ordner oder Namen.</translation>
    </message>
    <message>
        <source>Save picture</source>
        <translation>Bild speichern</translation>
    </message>
    <message>
        <source>Save numbers</source>
        <translation>Zahlen speichern</translation>
    </message>
</context>
<context>
    <name>ForecastBar</name>
    <message>
        <source>Forecast: after {checks} checks on held-out text, the predicted final loss appears here and on the loss plot.</source>
        <translation>Prognose: Nach {checks} Prüfungen an zurückgehaltenem Text erscheint hier und im Verlustdiagramm der vorhergesagte Endverlust.</translation>
    </message>
    <message>
        <source>The held-out loss so far, fitted with L(step) = L∞ + a·step^(−b), a curve that flattens out as learning curves do. The band holds 80% of the refits to resampled noise. A learning rate that decays to 0 bends the real curve lower near the end, so early forecasts of such runs tend to be a little high.</source>
        <translation>Der bisherige Verlust auf zurückgehaltenem Text, angepasst mit L(step) = L∞ + a·step^(−b), einer Kurve, die wie Lernkurven abflacht. Das Band enthält 80 % der Neuanpassungen an neu gezogenes Rauschen. Eine Lernrate, die auf 0 abfällt, biegt die echte Kurve gegen Ende nach unten; frühe Prognosen solcher Läufe liegen daher meist etwas zu hoch.</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keiner</translation>
    </message>
    <message>
        <source>A held-out loss to reach: the forecast says when the run gets there (none: no target).</source>
        <translation>Ein zu erreichender Verlust auf zurückgehaltenem Text: Die Prognose sagt, wann der Lauf dort ankommt (keiner: kein Ziel).</translation>
    </message>
    <message>
        <source>Target loss</source>
        <translation>Zielverlust</translation>
    </message>
    <message>
        <source>The run has ended before its first check on held-out text.</source>
        <translation>Der Lauf endete vor seiner ersten Prüfung an zurückgehaltenem Text.</translation>
    </message>
    <message>
        <source>The run has ended at a held-out loss of &lt;b&gt;{actual:.3f}&lt;/b&gt;.</source>
        <translation>Der Lauf endete mit einem Verlust von &lt;b&gt;{actual:.3f}&lt;/b&gt; auf zurückgehaltenem Text.</translation>
    </message>
    <message>
        <source>The run has ended at a held-out loss of &lt;b&gt;{actual:.3f}&lt;/b&gt;; the last forecast said {predicted:.3f} ({difference:+.3f}).</source>
        <translation>Der Lauf endete mit einem Verlust von &lt;b&gt;{actual:.3f}&lt;/b&gt; auf zurückgehaltenem Text; die letzte Prognose lautete {predicted:.3f} ({difference:+.3f}).</translation>
    </message>
    <message>
        <source>No forecast: {reason}</source>
        <translation>Keine Prognose: {reason}</translation>
    </message>
    <message>
        <source>Forecast: held-out loss &lt;b&gt;{predicted:.3f}&lt;/b&gt; at the end (step {end:,.0f}), 80% band {low:.3f}–{high:.3f}.</source>
        <translation>Prognose: Verlust &lt;b&gt;{predicted:.3f}&lt;/b&gt; auf zurückgehaltenem Text am Ende (Schritt {end:,.0f}), 80-%-Band {low:.3f}–{high:.3f}.</translation>
    </message>
    <message>
        <source>Target {target:.2f}: not reached on this trend (it levels off near {floor:.2f}; {chance:.0%} of the band's curves get there).</source>
        <translation>Ziel {target:.2f}: bei diesem Trend nicht erreicht (er flacht bei etwa {floor:.2f} ab; {chance:.0%} der Kurven des Bandes kommen hin).</translation>
    </message>
    <message>
        <source>Target {target:.2f}: reached about now.</source>
        <translation>Ziel {target:.2f}: ungefähr jetzt erreicht.</translation>
    </message>
    <message>
        <source>Target {target:.2f}: in about &lt;b&gt;{eta}&lt;/b&gt; ({earliest}–{latest}) at step {step:,.0f}, after this run's end.</source>
        <translation>Ziel {target:.2f}: in etwa &lt;b&gt;{eta}&lt;/b&gt; ({earliest}–{latest}) bei Schritt {step:,.0f}, nach dem Ende dieses Laufs.</translation>
    </message>
    <message>
        <source>Target {target:.2f}: in about &lt;b&gt;{eta}&lt;/b&gt; ({earliest}–{latest}) at step {step:,.0f}.</source>
        <translation>Ziel {target:.2f}: in etwa &lt;b&gt;{eta}&lt;/b&gt; ({earliest}–{latest}) bei Schritt {step:,.0f}.</translation>
    </message>
    <message>
        <source>Target {target:.2f}: in about &lt;b&gt;{eta}&lt;/b&gt; (at the earliest {earliest}) at step {step:,.0f}, after this run's end.</source>
        <translation>Ziel {target:.2f}: in etwa &lt;b&gt;{eta}&lt;/b&gt; (frühestens {earliest}) bei Schritt {step:,.0f}, nach dem Ende dieses Laufs.</translation>
    </message>
    <message>
        <source>Target {target:.2f}: in about &lt;b&gt;{eta}&lt;/b&gt; (at the earliest {earliest}) at step {step:,.0f}.</source>
        <translation>Ziel {target:.2f}: in etwa &lt;b&gt;{eta}&lt;/b&gt; (frühestens {earliest}) bei Schritt {step:,.0f}.</translation>
    </message>
    <message>
        <source>Target {target:.2f}: in about &lt;b&gt;{eta}&lt;/b&gt; at step {step:,.0f}, after this run's end.</source>
        <translation>Ziel {target:.2f}: in etwa &lt;b&gt;{eta}&lt;/b&gt; bei Schritt {step:,.0f}, nach dem Ende dieses Laufs.</translation>
    </message>
    <message>
        <source>Target {target:.2f}: in about &lt;b&gt;{eta}&lt;/b&gt; at step {step:,.0f}.</source>
        <translation>Ziel {target:.2f}: in etwa &lt;b&gt;{eta}&lt;/b&gt; bei Schritt {step:,.0f}.</translation>
    </message>
</context>
<context>
    <name>GeneralTextPicker</name>
    <message>
        <source>nothing else</source>
        <translation>nichts anderes</translation>
    </message>
    <message>
        <source>A second, general text the model is also tested on at every evaluation, never trained on: if its loss rises while the corpus loss falls, the model is forgetting general language (drawn as its own curve on the Train page). On the command line: train CORPUS --from MODEL --general-text TEXT.</source>
        <translation>Ein zweiter, allgemeiner Text, an dem das Modell bei jeder Auswertung ebenfalls getestet, aber nie trainiert wird: Steigt sein Verlust, während der Verlust des Korpus sinkt, vergisst das Modell allgemeine Sprache (als eigene Kurve auf der Seite Training gezeichnet). Auf der Kommandozeile: train CORPUS --from MODEL --general-text TEXT.</translation>
    </message>
    <message>
        <source>Choose a file…</source>
        <translation>Datei wählen…</translation>
    </message>
    <message>
        <source>A .txt, .md, .jsonl or .csv file to test on.</source>
        <translation>Eine .txt-, .md-, .jsonl- oder .csv-Datei zum Testen.</translation>
    </message>
    <message>
        <source>Also test on:</source>
        <translation>Auch testen an:</translation>
    </message>
    <message>
        <source>A general text to test on</source>
        <translation>Ein allgemeiner Text zum Testen</translation>
    </message>
    <message>
        <source>Text files (*.txt *.md *.jsonl *.csv);;All files (*)</source>
        <translation>Textdateien (*.txt *.md *.jsonl *.csv);;Alle Dateien (*)</translation>
    </message>
</context>
<context>
    <name>GrammarPlot</name>
    <message>
        <source>No grammar check-up of this run yet: run '{command}' (add --twin to compare its random twin).</source>
        <translation>Noch keine Grammatikprüfung dieses Laufs: Führen Sie „{command}“ aus (mit --twin zum Vergleich mit seinem zufälligen Zwilling).</translation>
    </message>
    <message>
        <source>&lt;b&gt;Grammar&lt;/b&gt;: share of minimal pairs right, per paradigm (chance 0.5)</source>
        <translation>&lt;b&gt;Grammatik&lt;/b&gt;: Anteil richtiger Minimalpaare pro Paradigma (Zufall 0.5)</translation>
    </message>
    <message>
        <source>Each line is one paradigm of minimal pairs (a grammatical and an ungrammatical sentence); a pair is right when the model finds the grammatical one more natural (pseudo-log-likelihood). Dashed: chance. Dotted marks: the untrained twin.</source>
        <translation>Jede Linie ist ein Paradigma von Minimalpaaren (ein grammatischer und ein ungrammatischer Satz); ein Paar ist richtig, wenn das Modell den grammatischen natürlicher findet (Pseudo-Log-Likelihood). Gestrichelt: Zufall. Gepunktete Marken: der untrainierte Zwilling.</translation>
    </message>
    <message>
        <source>step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>accuracy</source>
        <translation>Genauigkeit</translation>
    </message>
    <message>
        <source>&lt;b&gt;Grammar&lt;/b&gt;: share of minimal pairs right, per paradigm (chance 0.5) · {suites}, {pairs} pairs each</source>
        <translation>&lt;b&gt;Grammatik&lt;/b&gt;: Anteil richtiger Minimalpaare pro Paradigma (Zufall 0.5) · {suites}, je {pairs} Paare</translation>
    </message>
    <message>
        <source>&lt;b&gt;Grammar&lt;/b&gt;: share of minimal pairs right, per paradigm (chance 0.5) · {suites}, {fewest}-{most} pairs each</source>
        <translation>&lt;b&gt;Grammatik&lt;/b&gt;: Anteil richtiger Minimalpaare pro Paradigma (Zufall 0.5) · {suites}, je {fewest}-{most} Paare</translation>
    </message>
</context>
<context>
    <name>HelpPage</name>
    <message>
        <source>How masked language models learn</source>
        <translation>Wie maskierte Sprachmodelle lernen</translation>
    </message>
    <message>
        <source>letters</source>
        <translation>Buchstaben</translation>
    </message>
    <message>
        <source>Every character is one token: each letter, digit, punctuation mark and space (shown as ␣). The vocabulary is small, but a word takes many tokens.</source>
        <translation>Jedes Zeichen ist ein Token: jeder Buchstabe, jede Ziffer, jedes Satzzeichen und jedes Leerzeichen (als ␣ gezeigt). Das Vokabular ist klein, aber ein Wort braucht viele Tokens.</translation>
    </message>
    <message>
        <source>words</source>
        <translation>Wörter</translation>
    </message>
    <message>
        <source>Every word, and every punctuation mark, is one token. The vocabulary keeps the most frequent words; any other word becomes [UNK] (unknown).</source>
        <translation>Jedes Wort und jedes Satzzeichen ist ein Token. Das Vokabular behält die häufigsten Wörter; jedes andere Wort wird zu [UNK] (unbekannt).</translation>
    </message>
    <message>
        <source>word pieces</source>
        <translation>Wortteile</translation>
    </message>
    <message>
        <source>Common words are one token; rarer words are cut into pieces the tokenizer learned from the corpus. A piece that continues a word starts with ## (WordPiece, as in BERT).</source>
        <translation>Häufige Wörter sind ein Token; seltenere Wörter werden in Teile zerlegt, die der Tokenizer aus dem Korpus gelernt hat. Ein Teil, das ein Wort fortsetzt, beginnt mit ## (WordPiece, wie in BERT).</translation>
    </message>
    <message>
        <source>Common words are one token; rarer words are cut into pieces the tokenizer learned by merging frequent pairs of letters (byte-pair encoding, BPE).</source>
        <translation>Häufige Wörter sind ein Token; seltenere Wörter werden in Teile zerlegt, die der Tokenizer durch Verschmelzen häufiger Buchstabenpaare gelernt hat (Byte-Pair-Encoding, BPE).</translation>
    </message>
    <message>
        <source>Each token is chosen on its own, so a word cut into pieces may be only partly hidden.</source>
        <translation>Jedes Token wird für sich gewählt; ein in Teile zerlegtes Wort kann also nur teilweise versteckt sein.</translation>
    </message>
    <message>
        <source>Whole words are chosen: all pieces of a chosen word are hidden together.</source>
        <translation>Es werden ganze Wörter gewählt: Alle Teile eines gewählten Wortes werden gemeinsam versteckt.</translation>
    </message>
    <message>
        <source>Runs of several neighbouring words are chosen together (span masking, as in SpanBERT).</source>
        <translation>Folgen mehrerer benachbarter Wörter werden gemeinsam gewählt (Span-Maskierung, wie in SpanBERT).</translation>
    </message>
    <message>
        <source>&lt;p&gt;A sentence from your corpus &lt;i&gt;{corpus}&lt;/i&gt;:&lt;/p&gt;</source>
        <translation>&lt;p&gt;Ein Satz aus Ihrem Korpus &lt;i&gt;{corpus}&lt;/i&gt;:&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;A sentence from the built-in &lt;i&gt;{sample}&lt;/i&gt; sample (load a corpus to see your own text):&lt;/p&gt;</source>
        <translation>&lt;p&gt;Ein Satz aus dem eingebauten Beispiel &lt;i&gt;{sample}&lt;/i&gt; (laden Sie ein Korpus, um Ihren eigenen Text zu sehen):&lt;/p&gt;</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message numerus="yes">
        <source>&lt;p&gt;&lt;b&gt;Before&lt;/b&gt;, cut into %n token(s) (only its first tokens are shown):&lt;/p&gt;</source>
        <translation>
            <numerusform>&lt;p&gt;&lt;b&gt;Vorher&lt;/b&gt;, in %n Token zerlegt (nur die ersten Tokens werden gezeigt):&lt;/p&gt;</numerusform>
            <numerusform>&lt;p&gt;&lt;b&gt;Vorher&lt;/b&gt;, in %n Tokens zerlegt (nur die ersten Tokens werden gezeigt):&lt;/p&gt;</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;p&gt;&lt;b&gt;Before&lt;/b&gt;, cut into %n token(s):&lt;/p&gt;</source>
        <translation>
            <numerusform>&lt;p&gt;&lt;b&gt;Vorher&lt;/b&gt;, in %n Token zerlegt:&lt;/p&gt;</numerusform>
            <numerusform>&lt;p&gt;&lt;b&gt;Vorher&lt;/b&gt;, in %n Tokens zerlegt:&lt;/p&gt;</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;p&gt;The model must give back the {selected} coloured tokens: {answers}. {masked} became {mask_chip}, {random} became a {random_chip} token, and %n was {kept_chip} unchanged. The grey tokens are not graded.&lt;/p&gt;</source>
        <translation>
            <numerusform>&lt;p&gt;Das Modell muss die {selected} farbigen Tokens zurückgeben: {answers}. Davon wurden zu {mask_chip}: {masked}, zu einem {random_chip} Token: {random}, und unverändert {kept_chip}: %n. Die grauen Tokens werden nicht bewertet.&lt;/p&gt;</numerusform>
            <numerusform>&lt;p&gt;Das Modell muss die {selected} farbigen Tokens zurückgeben: {answers}. Davon wurden zu {mask_chip}: {masked}, zu einem {random_chip} Token: {random}, und unverändert {kept_chip}: %n. Die grauen Tokens werden nicht bewertet.&lt;/p&gt;</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;After masking&lt;/b&gt;, what the model sees:&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Nach dem Maskieren&lt;/b&gt;, was das Modell sieht:&lt;/p&gt;</translation>
    </message>
    <message>
        <source>random</source>
        <translation>zufälligen</translation>
    </message>
    <message>
        <source>kept</source>
        <translation>beibehalten</translation>
    </message>
    <message>
        <source>Preparing an example…</source>
        <translation>Ein Beispiel wird vorbereitet…</translation>
    </message>
    <message>
        <source>&lt;p&gt;With your current settings the model reads &lt;b&gt;{reads}&lt;/b&gt;. {how}&lt;/p&gt;</source>
        <translation>&lt;p&gt;Mit Ihren aktuellen Einstellungen liest das Modell &lt;b&gt;{reads}&lt;/b&gt;. {how}&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;With your current settings the vocabulary has &lt;b&gt;V = {v:,}&lt;/b&gt; tokens, so the random-guess line sits at &lt;b&gt;ln {v:,} = {ln_v:.2f}&lt;/b&gt; nats. A model that has learned nothing stays on that line; every bit it goes below is something it learned.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Mit Ihren aktuellen Einstellungen hat das Vokabular &lt;b&gt;V = {v:,}&lt;/b&gt; Tokens, also liegt die Zufallslinie bei &lt;b&gt;ln {v:,} = {ln_v:.2f}&lt;/b&gt; Nats. Ein Modell, das nichts gelernt hat, bleibt auf dieser Linie; jedes Stück darunter ist etwas, das es gelernt hat.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;At the random-guess line the perplexity is exactly V = {v:,}: the model is as unsure as if it picked among all {v:,} tokens.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Auf der Zufallslinie ist die Perplexität genau V = {v:,}: Das Modell ist so unsicher, als wählte es unter allen {v:,} Tokens.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;A masked language model learns by playing one game, millions of times: some words of a sentence
are hidden, and it must guess them from the words around them. Nobody tells it grammar or facts;
it discovers whatever helps it guess better. This page explains the game and the numbers you see
while it plays.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Ein maskiertes Sprachmodell lernt, indem es ein einziges Spiel millionenfach spielt: Einige Wörter eines Satzes
werden versteckt, und es muss sie aus den umgebenden Wörtern erraten. Niemand bringt ihm Grammatik oder Fakten bei;
es entdeckt selbst, was ihm beim Raten hilft. Diese Seite erklärt das Spiel und die Zahlen, die Sie sehen,
während es spielt.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h2 id="masking"&gt;1. The game: hiding words behind [MASK]&lt;/h2&gt;</source>
        <translation>&lt;h2 id="masking"&gt;1. Das Spiel: Wörter hinter [MASK] verstecken&lt;/h2&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Before each training step, the program takes sentences from your text and picks some of their
tokens at random (&lt;b&gt;{rate}&lt;/b&gt; with your settings; BERT used 15%). It hides them behind a special
token written &lt;b&gt;[MASK]&lt;/b&gt;, and asks the model: &lt;i&gt;what was here?&lt;/i&gt; The model answers with a
probability for every token it knows. Then the right answer is revealed and the model's weights are
nudged so that next time the right token gets a little more probability.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Vor jedem Trainingsschritt nimmt das Programm Sätze aus Ihrem Text und wählt zufällig einige ihrer
Tokens aus (&lt;b&gt;{rate}&lt;/b&gt; mit Ihren Einstellungen; BERT verwendete 15 %). Es versteckt sie hinter einem besonderen
Token, geschrieben &lt;b&gt;[MASK]&lt;/b&gt;, und fragt das Modell: &lt;i&gt;Was stand hier?&lt;/i&gt; Das Modell antwortet mit einer
Wahrscheinlichkeit für jedes Token, das es kennt. Dann wird die richtige Antwort aufgedeckt, und die Gewichte des Modells werden
ein wenig verschoben, sodass das richtige Token beim nächsten Mal etwas mehr Wahrscheinlichkeit bekommt.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h2 id="tokens"&gt;2. Tokens: letters, words or word pieces&lt;/h2&gt;</source>
        <translation>&lt;h2 id="tokens"&gt;2. Tokens: Buchstaben, Wörter oder Wortteile&lt;/h2&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;The model does not see text; it sees &lt;b&gt;tokens&lt;/b&gt;, the units a &lt;i&gt;tokenizer&lt;/i&gt; cuts the text into.
There are three ways to cut:&lt;/p&gt;
&lt;ul&gt;
&lt;li&gt;&lt;b&gt;Letters&lt;/b&gt; (characters): few different tokens, but the model must learn to spell.&lt;/li&gt;
&lt;li&gt;&lt;b&gt;Words&lt;/b&gt;: one token per word; rare words become [UNK] (unknown).&lt;/li&gt;
&lt;li&gt;&lt;b&gt;Word pieces&lt;/b&gt; (WordPiece or BPE): frequent words whole, rare words in pieces such as
&lt;tt&gt;play&lt;/tt&gt; + &lt;tt&gt;##ing&lt;/tt&gt;. This is what BERT does.&lt;/li&gt;
&lt;/ul&gt;</source>
        <translation>&lt;p&gt;Das Modell sieht keinen Text; es sieht &lt;b&gt;Tokens&lt;/b&gt;, die Einheiten, in die ein &lt;i&gt;Tokenizer&lt;/i&gt; den Text zerlegt.
Es gibt drei Arten zu zerlegen:&lt;/p&gt;
&lt;ul&gt;
&lt;li&gt;&lt;b&gt;Buchstaben&lt;/b&gt; (Zeichen): wenige verschiedene Tokens, aber das Modell muss buchstabieren lernen.&lt;/li&gt;
&lt;li&gt;&lt;b&gt;Wörter&lt;/b&gt;: ein Token pro Wort; seltene Wörter werden zu [UNK] (unbekannt).&lt;/li&gt;
&lt;li&gt;&lt;b&gt;Wortteile&lt;/b&gt; (WordPiece oder BPE): häufige Wörter ganz, seltene Wörter in Teilen wie
&lt;tt&gt;play&lt;/tt&gt; + &lt;tt&gt;##ing&lt;/tt&gt;. So macht es BERT.&lt;/li&gt;
&lt;/ul&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;The set of all tokens the model knows is its &lt;b&gt;vocabulary&lt;/b&gt;; its size is written &lt;b&gt;V&lt;/b&gt;.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Die Menge aller Tokens, die das Modell kennt, ist sein &lt;b&gt;Vokabular&lt;/b&gt;; seine Größe wird &lt;b&gt;V&lt;/b&gt; geschrieben.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h2 id="split"&gt;3. Why not always [MASK]? The 80/10/10 split&lt;/h2&gt;</source>
        <translation>&lt;h2 id="split"&gt;3. Warum nicht immer [MASK]? Die Aufteilung 80/10/10&lt;/h2&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Of the tokens chosen to be guessed, &lt;b&gt;{mask}&lt;/b&gt; are replaced by [MASK],
&lt;b&gt;{random}&lt;/b&gt; by a &lt;b&gt;random&lt;/b&gt; token, and &lt;b&gt;{keep}&lt;/b&gt; are &lt;b&gt;kept&lt;/b&gt; as they were
(BERT's 80/10/10). All of them are graded. Why? Real text has no [MASK] in it. If the model only ever
had to answer at a [MASK], it could ignore every other word it sees. The random tokens teach it that a
word it sees may be wrong; the kept ones teach it that a word it sees is usually right. So it learns
something useful about &lt;i&gt;every&lt;/i&gt; word.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Von den Tokens, die erraten werden sollen, werden &lt;b&gt;{mask}&lt;/b&gt; durch [MASK] ersetzt,
&lt;b&gt;{random}&lt;/b&gt; durch ein &lt;b&gt;zufälliges&lt;/b&gt; Token, und &lt;b&gt;{keep}&lt;/b&gt; bleiben &lt;b&gt;unverändert&lt;/b&gt;
(BERTs 80/10/10). Alle werden bewertet. Warum? Echter Text enthält kein [MASK]. Müsste das Modell nur
an einem [MASK] antworten, könnte es jedes andere Wort, das es sieht, übergehen. Die zufälligen Tokens lehren es, dass ein
Wort, das es sieht, falsch sein kann; die beibehaltenen lehren es, dass ein gesehenes Wort meist stimmt. So lernt es
etwas Nützliches über &lt;i&gt;jedes&lt;/i&gt; Wort.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h2 id="loss"&gt;4. The loss, in nats&lt;/h2&gt;</source>
        <translation>&lt;h2 id="loss"&gt;4. Der Verlust, in Nats&lt;/h2&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;After each guess the model is given a score called the &lt;b&gt;loss&lt;/b&gt; (cross-entropy): take the
probability it gave to the right token, and compute minus its natural logarithm, &lt;b&gt;−ln(p)&lt;/b&gt;. Sure and
right costs nothing; unsure costs a little; confidently wrong costs a lot. The loss you see is the
average over all graded tokens. Lower is better.&lt;/p&gt;
&lt;p&gt;Because it uses the &lt;i&gt;natural&lt;/i&gt; logarithm (ln, base e ≈ 2.718), its unit is the &lt;b&gt;nat&lt;/b&gt;.
One nat is about 1.44 bits. Each time the right token's probability is halved, the loss grows by
ln 2 ≈ 0.69 nats.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Nach jedem Rateversuch erhält das Modell eine Bewertung, den &lt;b&gt;Verlust&lt;/b&gt; (Loss, Kreuzentropie): Man nimmt die
Wahrscheinlichkeit, die es dem richtigen Token gegeben hat, und berechnet minus ihren natürlichen Logarithmus, &lt;b&gt;−ln(p)&lt;/b&gt;. Sicher und
richtig kostet nichts; unsicher kostet ein wenig; überzeugt falsch kostet viel. Der angezeigte Verlust ist der
Durchschnitt über alle bewerteten Tokens. Niedriger ist besser.&lt;/p&gt;
&lt;p&gt;Weil er den &lt;i&gt;natürlichen&lt;/i&gt; Logarithmus verwendet (ln, Basis e ≈ 2,718), ist seine Einheit das &lt;b&gt;Nat&lt;/b&gt;.
Ein Nat sind etwa 1,44 Bit. Jedes Mal, wenn sich die Wahrscheinlichkeit des richtigen Tokens halbiert, steigt der Verlust um
ln 2 ≈ 0,69 Nats.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;tr&gt;&lt;th align='right'&gt;probability of the right token&amp;nbsp;&amp;nbsp;&lt;/th&gt;&lt;th align='right'&gt;loss (nats)&amp;nbsp;&amp;nbsp;&lt;/th&gt;
&lt;th align='right'&gt;perplexity&lt;/th&gt;&lt;/tr&gt;</source>
        <translation>&lt;tr&gt;&lt;th align='right'&gt;Wahrscheinlichkeit des richtigen Tokens&amp;nbsp;&amp;nbsp;&lt;/th&gt;&lt;th align='right'&gt;Verlust (Nats)&amp;nbsp;&amp;nbsp;&lt;/th&gt;
&lt;th align='right'&gt;Perplexität&lt;/th&gt;&lt;/tr&gt;</translation>
    </message>
    <message>
        <source>&lt;h2 id="baseline"&gt;5. The random-guess line: ln V&lt;/h2&gt;</source>
        <translation>&lt;h2 id="baseline"&gt;5. Die Zufallslinie: ln V&lt;/h2&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;A model that has learned nothing spreads its probability evenly over the whole vocabulary: each
token gets 1/V, so its loss is −ln(1/V) = &lt;b&gt;ln V&lt;/b&gt;. The Train page draws this as a dashed line on the
loss plot. A new model starts near it; learning means going below it.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Ein Modell, das nichts gelernt hat, verteilt seine Wahrscheinlichkeit gleichmäßig über das ganze Vokabular: Jedes
Token erhält 1/V, also ist sein Verlust −ln(1/V) = &lt;b&gt;ln V&lt;/b&gt;. Die Seite Training zeichnet dies als gestrichelte Linie in das
Verlustdiagramm. Ein neues Modell beginnt in ihrer Nähe; Lernen heißt, unter sie zu kommen.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h2 id="accuracy"&gt;6. Accuracy&lt;/h2&gt;</source>
        <translation>&lt;h2 id="accuracy"&gt;6. Genauigkeit&lt;/h2&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Masked-token accuracy&lt;/b&gt; is the share of hidden tokens where the model's first choice is exactly the
right token. It is measured on &lt;b&gt;held-out&lt;/b&gt; text (a part of the corpus the model never trains on),
always with 15% of the tokens hidden the same way, so two runs can be compared fairly. Accuracy only
counts the top guess; the loss also rewards a right answer that was the model's second choice.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Die &lt;b&gt;Genauigkeit bei maskierten Tokens&lt;/b&gt; ist der Anteil der versteckten Tokens, bei denen die erste Wahl des Modells genau das
richtige Token ist. Sie wird an &lt;b&gt;zurückgehaltenem&lt;/b&gt; Text gemessen (einem Teil des Korpus, auf dem das Modell nie trainiert),
immer mit 15 % auf dieselbe Weise versteckter Tokens, damit sich zwei Läufe fair vergleichen lassen. Die Genauigkeit zählt nur
den besten Tipp; der Verlust belohnt auch eine richtige Antwort, die die zweite Wahl des Modells war.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h2 id="perplexity"&gt;7. Perplexity = e&lt;sup&gt;loss&lt;/sup&gt;&lt;/h2&gt;</source>
        <translation>&lt;h2 id="perplexity"&gt;7. Perplexität = e&lt;sup&gt;Verlust&lt;/sup&gt;&lt;/h2&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Perplexity&lt;/b&gt; turns the loss back into a count you can picture: &lt;b&gt;e&lt;sup&gt;loss&lt;/sup&gt;&lt;/b&gt;. A perplexity of
20 means the model is, on average, &lt;i&gt;as unsure as if it were choosing evenly among 20 tokens&lt;/i&gt;.
A validation loss of 2.0 nats is a perplexity of e&lt;sup&gt;2&lt;/sup&gt; ≈ 7.4. Lower is better; 1 would be
a model that is always sure and right. The Train page shows it beside the loss, and History lists it
for every run.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Die &lt;b&gt;Perplexität&lt;/b&gt; macht aus dem Verlust wieder eine anschauliche Anzahl: &lt;b&gt;e&lt;sup&gt;Verlust&lt;/sup&gt;&lt;/b&gt;. Eine Perplexität von
20 bedeutet, dass das Modell im Mittel &lt;i&gt;so unsicher ist, als wählte es gleichmäßig unter 20 Tokens&lt;/i&gt;.
Ein Validierungsverlust von 2,0 Nats ist eine Perplexität von e&lt;sup&gt;2&lt;/sup&gt; ≈ 7,4. Niedriger ist besser; 1 wäre
ein Modell, das immer sicher und richtig ist. Die Seite Training zeigt sie neben dem Verlust, und der Verlauf führt sie
für jeden Lauf auf.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h2 id="curves"&gt;8. Reading the Train page&lt;/h2&gt;</source>
        <translation>&lt;h2 id="curves"&gt;8. Die Seite Training lesen&lt;/h2&gt;</translation>
    </message>
    <message>
        <source>&lt;ul&gt;
&lt;li&gt;&lt;b&gt;Training loss&lt;/b&gt; (blue): the loss on the batches the model is learning from, raw and smoothed.&lt;/li&gt;
&lt;li&gt;&lt;b&gt;Validation loss&lt;/b&gt; (orange dots): the loss on held-out text. If it stops falling while the
training loss keeps falling, the model is memorising its training text rather than learning the
language (&lt;i&gt;over-fitting&lt;/i&gt;).&lt;/li&gt;
&lt;li&gt;&lt;b&gt;The dashed line&lt;/b&gt;: ln V, the random guess.&lt;/li&gt;
&lt;li&gt;&lt;b&gt;Learning rate&lt;/b&gt;: how big each nudge to the weights is. It rises during a short warm-up, then stays
or falls, as the schedule on the Setup page says.&lt;/li&gt;
&lt;li&gt;&lt;b&gt;Tokens per second&lt;/b&gt;: how fast this computer trains; more tokens seen means more to learn from.&lt;/li&gt;
&lt;/ul&gt;</source>
        <translation>&lt;ul&gt;
&lt;li&gt;&lt;b&gt;Trainingsverlust&lt;/b&gt; (blau): der Verlust auf den Batches, aus denen das Modell lernt, roh und geglättet.&lt;/li&gt;
&lt;li&gt;&lt;b&gt;Validierungsverlust&lt;/b&gt; (orange Punkte): der Verlust auf zurückgehaltenem Text. Hört er auf zu sinken, während der
Trainingsverlust weiter sinkt, lernt das Modell seinen Trainingstext auswendig, statt die
Sprache zu lernen (&lt;i&gt;Überanpassung&lt;/i&gt;).&lt;/li&gt;
&lt;li&gt;&lt;b&gt;Die gestrichelte Linie&lt;/b&gt;: ln V, das zufällige Raten.&lt;/li&gt;
&lt;li&gt;&lt;b&gt;Lernrate&lt;/b&gt;: wie groß jeder Schubs an den Gewichten ist. Sie steigt während einer kurzen Aufwärmphase und bleibt dann
oder sinkt, wie es der Zeitplan auf der Seite Einrichtung vorgibt.&lt;/li&gt;
&lt;li&gt;&lt;b&gt;Tokens pro Sekunde&lt;/b&gt;: wie schnell dieser Computer trainiert; mehr gesehene Tokens bedeuten mehr Stoff zum Lernen.&lt;/li&gt;
&lt;/ul&gt;</translation>
    </message>
    <message>
        <source>&lt;h2 id="layers"&gt;9. Inside one prediction: Explore → Layer by layer&lt;/h2&gt;</source>
        <translation>&lt;h2 id="layers"&gt;9. Im Inneren einer Vorhersage: Erkunden → Schicht für Schicht&lt;/h2&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;The model reworks every token layer after layer before its output head turns the last layer's
numbers into a probability for every token of the vocabulary. The &lt;b&gt;logit lens&lt;/b&gt; puts that same
head after each earlier layer: each row of the table is &lt;i&gt;what the model would say if it stopped
after layer k&lt;/i&gt;. The first row reads only the embeddings (the word and where it is); the last row is
the model's real answer, the one the Predictions tab shows. The row where the right word first comes
out on top is roughly where the model has worked it out.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Das Modell bearbeitet jedes Token Schicht für Schicht, bevor sein Ausgabekopf die Zahlen der letzten Schicht
in eine Wahrscheinlichkeit für jedes Token des Vokabulars verwandelt. Die &lt;b&gt;Logit-Linse&lt;/b&gt; setzt denselben
Kopf hinter jede frühere Schicht: Jede Zeile der Tabelle ist, &lt;i&gt;was das Modell sagen würde, wenn es nach
Schicht k aufhörte&lt;/i&gt;. Die erste Zeile liest nur die Embeddings (das Wort und seine Position); die letzte Zeile ist
die echte Antwort des Modells, die auch der Reiter Vorhersagen zeigt. Die Zeile, in der das richtige Wort zuerst
an der Spitze steht, ist ungefähr die Stelle, an der das Modell es herausgefunden hat.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;The head gives raw scores (&lt;i&gt;logits&lt;/i&gt;); the softmax turns them into probabilities,
e&lt;sup&gt;score&lt;/sup&gt; divided by the sum over all tokens. The &lt;b&gt;temperature&lt;/b&gt; T divides every score
first: softmax(score / T). Below 1 the differences grow and the first guess takes nearly everything;
above 1 they shrink and the guesses even out. The order of the guesses never changes, only how sure
they look (T = 1 is the model's own).&lt;/p&gt;</source>
        <translation>&lt;p&gt;Der Kopf liefert rohe Werte (&lt;i&gt;Logits&lt;/i&gt;); die Softmax macht daraus Wahrscheinlichkeiten:
e&lt;sup&gt;Wert&lt;/sup&gt; geteilt durch die Summe über alle Tokens. Die &lt;b&gt;Temperatur&lt;/b&gt; T teilt zuvor jeden Wert:
softmax(Wert / T). Unter 1 wachsen die Unterschiede, und der erste Tipp bekommt fast alles;
über 1 schrumpfen sie, und die Tipps gleichen sich an. Die Reihenfolge der Tipps ändert sich nie, nur wie sicher
sie wirken (T = 1 ist die des Modells selbst).&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Attention&lt;/b&gt; is how each layer mixes the tokens. Every token asks a question (its query
&lt;i&gt;q&lt;/i&gt;), offers a label (its key &lt;i&gt;k&lt;/i&gt;) and an answer (its value &lt;i&gt;v&lt;/i&gt;), all three computed from
it by the layer. How much token i looks at token j starts as q&lt;sub&gt;i&lt;/sub&gt;·k&lt;sub&gt;j&lt;/sub&gt; divided by
√d (d: the numbers per head, so that long vectors do not give huge scores), plus a distance term when
the model has one; the softmax of token i's row turns these scores into weights that add up to 1; and
the head's output for token i is the weighted sum of all the values. Click a square of the map to see
those three steps with the model's own numbers.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Attention&lt;/b&gt; ist die Art, wie jede Schicht die Tokens mischt. Jedes Token stellt eine Frage (seine Query
&lt;i&gt;q&lt;/i&gt;), bietet ein Etikett an (seinen Key &lt;i&gt;k&lt;/i&gt;) und eine Antwort (seinen Value &lt;i&gt;v&lt;/i&gt;); alle drei berechnet
die Schicht aus ihm. Wie stark Token i auf Token j schaut, beginnt als q&lt;sub&gt;i&lt;/sub&gt;·k&lt;sub&gt;j&lt;/sub&gt; geteilt durch
√d (d: die Zahlen pro Kopf, damit lange Vektoren keine riesigen Werte ergeben), plus ein Abstandsterm, wenn
das Modell einen hat; die Softmax der Zeile von Token i macht aus diesen Werten Gewichte, die sich zu 1 addieren; und
die Ausgabe des Kopfes für Token i ist die gewichtete Summe aller Values. Klicken Sie auf ein Feld der Karte, um
diese drei Schritte mit den eigenen Zahlen des Modells zu sehen.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Another sentence</source>
        <translation>Anderer Satz</translation>
    </message>
    <message>
        <source>Show the masking on another sentence of the corpus.</source>
        <translation>Die Maskierung an einem anderen Satz des Korpus zeigen.</translation>
    </message>
    <message>
        <source>Preparing an example from your text…</source>
        <translation>Ein Beispiel aus Ihrem Text wird vorbereitet…</translation>
    </message>
    <message>
        <source>No example could be prepared: {error}</source>
        <translation>Es konnte kein Beispiel vorbereitet werden: {error}</translation>
    </message>
</context>
<context>
    <name>HistoryPage</name>
    <message>
        <source>No runs yet. Train one on the Train page (or pick a sample in Help → Welcome), or add one with Import run.</source>
        <translation>Noch keine Läufe. Trainieren Sie einen auf der Seite Training (oder wählen Sie ein Beispiel unter Hilfe → Willkommen) oder fügen Sie einen mit „Lauf importieren“ hinzu.</translation>
    </message>
    <message>
        <source>Select a run to see its probes: how sure the model was of each probe's answer at every evaluation.</source>
        <translation>Wählen Sie einen Lauf, um seine Prüfsätze zu sehen: wie sicher sich das Modell bei jeder Auswertung der Antwort jedes Prüfsatzes war.</translation>
    </message>
    <message>
        <source>Filter by name, id, notes, tokenizer, …</source>
        <translation>Nach Name, ID, Notizen, Tokenizer, … filtern</translation>
    </message>
    <message>
        <source>Show only runs with this tag</source>
        <translation>Nur Läufe mit diesem Schlagwort zeigen</translation>
    </message>
    <message>
        <source>Show only runs with this status</source>
        <translation>Nur Läufe mit diesem Status zeigen</translation>
    </message>
    <message>
        <source>Find</source>
        <translation>Suchen</translation>
    </message>
    <message>
        <source>Filter the runs</source>
        <translation>Die Läufe filtern</translation>
    </message>
    <message>
        <source>Curves</source>
        <translation>Kurven</translation>
    </message>
    <message>
        <source>Probes</source>
        <translation>Prüfsätze</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>Läufe</translation>
    </message>
    <message>
        <source>Tag:</source>
        <translation>Schlagwort:</translation>
    </message>
    <message>
        <source>Status:</source>
        <translation>Status:</translation>
    </message>
    <message>
        <source>All tags</source>
        <translation>Alle Schlagwörter</translation>
    </message>
    <message>
        <source>All statuses</source>
        <translation>Alle Status</translation>
    </message>
    <message numerus="yes">
        <source>Comparing %Ln run(s).</source>
        <translation>
            <numerusform>%Ln Lauf wird verglichen.</numerusform>
            <numerusform>%Ln Läufe werden verglichen.</numerusform>
        </translation>
    </message>
    <message>
        <source>No probes recorded (runs trained before probes existed, or with none set in Setup).</source>
        <translation>Keine Prüfsätze aufgezeichnet (Läufe von vor der Einführung der Prüfsätze oder ohne Prüfsätze in der Einrichtung).</translation>
    </message>
    <message>
        <source>Probes ({count})</source>
        <translation>Prüfsätze ({count})</translation>
    </message>
    <message numerus="yes">
        <source>Probes (%Ln run(s))</source>
        <translation>
            <numerusform>Prüfsätze (%Ln Lauf)</numerusform>
            <numerusform>Prüfsätze (%Ln Läufe)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{shown} of %Ln run(s)</source>
        <translation>
            <numerusform>{shown} von %Ln Lauf</numerusform>
            <numerusform>{shown} von %Ln Läufen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln run(s)</source>
        <translation>
            <numerusform>%Ln Lauf</numerusform>
            <numerusform>%Ln Läufe</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HistoryRepair</name>
    <message>
        <source>Keep it and rebuild</source>
        <translation>Behalten und neu aufbauen</translation>
    </message>
    <message>
        <source>The run history is damaged</source>
        <translation>Der Laufverlauf ist beschädigt</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>Beenden</translation>
    </message>
    <message>
        <source>The run history at {path} is damaged: {reason}.

The run folders are not affected. '{button}' renames the damaged file with today's date (nothing is deleted) and rebuilds the history from the run folders and whatever the file still holds.</source>
        <translation>Der Laufverlauf unter {path} ist beschädigt: {reason}.

Die Ordner der Läufe sind nicht betroffen. „{button}“ benennt die beschädigte Datei mit dem heutigen Datum um (es wird nichts gelöscht) und baut den Laufverlauf aus den Laufordnern und dem, was die Datei noch enthält, neu auf.</translation>
    </message>
    <message>
        <source>MLM Studio cannot start</source>
        <translation>MLM Studio kann nicht starten</translation>
    </message>
    <message>
        <source>History rebuilt</source>
        <translation>Laufverlauf neu aufgebaut</translation>
    </message>
</context>
<context>
    <name>ImportedModel</name>
    <message>
        <source>Imported from {source}</source>
        <translation>Importiert aus {source}</translation>
    </message>
    <message>
        <source>family {family}</source>
        <translation>Familie {family}</translation>
    </message>
    <message>
        <source>{count:,} parameters</source>
        <translation>{count:,} Parameter</translation>
    </message>
    <message>
        <source>mask token {mask}</source>
        <translation>Masken-Token {mask}</translation>
    </message>
    <message>
        <source>Weights SHA-256 {sha}</source>
        <translation>Gewichte SHA-256 {sha}</translation>
    </message>
    <message>
        <source>This model writes its mask {mask}. Type {mask} or {engine_mask} where it should guess a word; clicking a word puts {engine_mask}, which means the same.</source>
        <translation>Dieses Modell schreibt seine Maske als {mask}. Tippen Sie {mask} oder {engine_mask}, wo es ein Wort erraten soll; ein Klick auf ein Wort setzt {engine_mask}, was dasselbe bedeutet.</translation>
    </message>
</context>
<context>
    <name>IterativeTab</name>
    <message>
        <source>With several masks, fill the one the model is surest of, then predict the others again with it filled in, and repeat. The blanks then form one phrase, instead of independent guesses.</source>
        <translation>Bei mehreren Masken die füllen, bei der sich das Modell am sichersten ist, dann die anderen mit dieser Füllung erneut vorhersagen, und so weiter. Die Lücken ergeben dann eine zusammenhängende Wendung statt unabhängiger Tipps.</translation>
    </message>
    <message>
        <source>Fill one at a time</source>
        <translation>Einzeln füllen</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>Mask</source>
        <translation>Maske</translation>
    </message>
    <message>
        <source>Filled with</source>
        <translation>Gefüllt mit</translation>
    </message>
    <message>
        <source>Probability</source>
        <translation>Wahrscheinlichkeit</translation>
    </message>
    <message>
        <source>Sentence so far</source>
        <translation>Satz bisher</translation>
    </message>
    <message>
        <source>Filling the blanks</source>
        <translation>Die Lücken werden gefüllt</translation>
    </message>
    <message>
        <source>&lt;b&gt;Result:&lt;/b&gt; {sequence}</source>
        <translation>&lt;b&gt;Ergebnis:&lt;/b&gt; {sequence}</translation>
    </message>
    <message>
        <source>Other guesses: {guesses}</source>
        <translation>Andere Tipps: {guesses}</translation>
    </message>
</context>
<context>
    <name>LayersTab</name>
    <message>
        <source>Press Show layers to see, for the [MASK], what the model would guess after each of its layers.</source>
        <translation>Drücken Sie auf „Schichten zeigen“, um für das [MASK] zu sehen, was das Modell nach jeder seiner Schichten raten würde.</translation>
    </message>
    <message>
        <source>What the model would guess for the [MASK] if it stopped after its embeddings or after each layer (read through its own output head); the last row is its real answer. The temperature sharpens (below 1) or flattens (above 1) the probabilities. Click a square of the attention map to see how that weight is computed.</source>
        <translation>Was das Modell für das [MASK] raten würde, wenn es nach seinen Embeddings oder nach jeder Schicht aufhörte (gelesen durch seinen eigenen Ausgabekopf); die letzte Zeile ist seine echte Antwort. Die Temperatur schärft (unter 1) oder glättet (über 1) die Wahrscheinlichkeiten. Klicken Sie auf ein Feld der Attention-Karte, um zu sehen, wie dieses Gewicht berechnet wird.</translation>
    </message>
    <message>
        <source>Show layers</source>
        <translation>Schichten zeigen</translation>
    </message>
    <message>
        <source>Read the [MASK] after every layer, and every layer's attention</source>
        <translation>Das [MASK] nach jeder Schicht lesen, und die Attention jeder Schicht</translation>
    </message>
    <message>
        <source>Which [MASK] of the sentence the table follows</source>
        <translation>Welchem [MASK] des Satzes die Tabelle folgt</translation>
    </message>
    <message>
        <source>softmax(logits / T): from 0.1 (sharp) to 5 (flat); 1 is the model's own</source>
        <translation>softmax(Logits / T): von 0.1 (scharf) bis 5 (flach); 1 ist die des Modells</translation>
    </message>
    <message>
        <source>The attention layer whose map is drawn</source>
        <translation>Die Attention-Schicht, deren Karte gezeichnet wird</translation>
    </message>
    <message>
        <source>The attention head whose map is drawn</source>
        <translation>Der Attention-Kopf, dessen Karte gezeichnet wird</translation>
    </message>
    <message>
        <source>the token that looks</source>
        <translation>das schauende Token</translation>
    </message>
    <message>
        <source>the token it looks at</source>
        <translation>das betrachtete Token</translation>
    </message>
    <message>
        <source>Attention:</source>
        <translation>Attention:</translation>
    </message>
    <message>
        <source>Temperature:</source>
        <translation>Temperatur:</translation>
    </message>
    <message>
        <source>Reading every layer</source>
        <translation>Jede Schicht wird gelesen</translation>
    </message>
    <message>
        <source>Click a square of the attention map to see its arithmetic.</source>
        <translation>Klicken Sie auf ein Feld der Attention-Karte, um seine Rechnung zu sehen.</translation>
    </message>
    <message>
        <source>head {number}</source>
        <translation>Kopf {number}</translation>
    </message>
    <message>
        <source>guess {number}</source>
        <translation>Tipp {number}</translation>
    </message>
    <message>
        <source>{stage} (answer)</source>
        <translation>{stage} (Antwort)</translation>
    </message>
    <message numerus="yes">
        <source>%n layer(s) ({arch}). The answer “{answer}” is the first guess from the embeddings on; bold marks it in every row.</source>
        <translation>
            <numerusform>%n Schicht ({arch}). Die Antwort „{answer}“ ist ab den Embeddings der erste Tipp; fett markiert sie in jeder Zeile.</numerusform>
            <numerusform>%n Schichten ({arch}). Die Antwort „{answer}“ ist ab den Embeddings der erste Tipp; fett markiert sie in jeder Zeile.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n layer(s) ({arch}). The answer “{answer}” is the first guess from {stage} on; bold marks it in every row.</source>
        <translation>
            <numerusform>%n Schicht ({arch}). Die Antwort „{answer}“ ist ab {stage} der erste Tipp; fett markiert sie in jeder Zeile.</numerusform>
            <numerusform>%n Schichten ({arch}). Die Antwort „{answer}“ ist ab {stage} der erste Tipp; fett markiert sie in jeder Zeile.</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;{layer}, head {number}:&lt;/b&gt; “{query}” (token {query_index}) looks at “{key}” (token {key_index}) with weight &lt;b&gt;{weight:.4f}&lt;/b&gt;.&lt;br&gt;Positions: {positions}.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;{layer}, Kopf {number}:&lt;/b&gt; „{query}“ (Token {query_index}) schaut mit Gewicht &lt;b&gt;{weight:.4f}&lt;/b&gt; auf „{key}“ (Token {key_index}).&lt;br&gt;Positionen: {positions}.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>key</source>
        <translation>Key</translation>
    </message>
    <message>
        <source>token</source>
        <translation>Token</translation>
    </message>
    <message>
        <source>= score</source>
        <translation>= Wert</translation>
    </message>
    <message>
        <source>&lt;p&gt;1. The row of scores: the query q of “{q}” times every key k, divided by √{d} (×{scale:.4f}), plus the layer's own term.&lt;/p&gt;</source>
        <translation>&lt;p&gt;1. Die Zeile der Werte: die Query q von „{q}“ mal jeden Key k, geteilt durch √{d} (×{scale:.4f}), plus dem eigenen Term der Schicht.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;1. The row of scores: the query q of “{q}” times every key k, divided by √{d} (×{scale:.4f}).&lt;/p&gt;</source>
        <translation>&lt;p&gt;1. Die Zeile der Werte: die Query q von „{q}“ mal jeden Key k, geteilt durch √{d} (×{scale:.4f}).&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;2. The softmax of the row: weight = e&lt;sup&gt;score − max&lt;/sup&gt; / Σ e&lt;sup&gt;score − max&lt;/sup&gt; (max = {top}, Σ = {total:.4f}); for “{key}”: e&lt;sup&gt;{exponent}&lt;/sup&gt; / {total:.4f} = &lt;b&gt;{weight:.4f}&lt;/b&gt;. The row sums to {sum:.4f}.&lt;/p&gt;</source>
        <translation>&lt;p&gt;2. Die Softmax der Zeile: Gewicht = e&lt;sup&gt;Wert − max&lt;/sup&gt; / Σ e&lt;sup&gt;Wert − max&lt;/sup&gt; (max = {top}, Σ = {total:.4f}); für „{key}“: e&lt;sup&gt;{exponent}&lt;/sup&gt; / {total:.4f} = &lt;b&gt;{weight:.4f}&lt;/b&gt;. Die Zeile ergibt zusammen {sum:.4f}.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;3. The head's output for “{query}” is the sum over every key of weight × its value v ({d} numbers each). “{key}” adds {weight:.4f} × v:&lt;/p&gt;</source>
        <translation>&lt;p&gt;3. Die Ausgabe des Kopfes für „{query}“ ist die Summe über alle Keys von Gewicht × deren Value v (je {d} Zahlen). „{key}“ trägt {weight:.4f} × v bei:&lt;/p&gt;</translation>
    </message>
    <message>
        <source>number</source>
        <translation>Zahl</translation>
    </message>
    <message>
        <source>v of “{key}”</source>
        <translation>v von „{key}“</translation>
    </message>
    <message>
        <source>weight × v</source>
        <translation>Gewicht × v</translation>
    </message>
    <message>
        <source>output (all keys)</source>
        <translation>Ausgabe (alle Keys)</translation>
    </message>
</context>
<context>
    <name>LivePlots</name>
    <message>
        <source>The curves appear here while a run trains: the loss falling below the dashed random-guess line, the accuracy rising, the learning rate and the speed.

Press Start, or try a built-in sample from Help → Welcome.</source>
        <translation>Die Kurven erscheinen hier, während ein Lauf trainiert: der Verlust, der unter die gestrichelte Zufallslinie sinkt, die steigende Genauigkeit, die Lernrate und die Geschwindigkeit.

Drücken Sie auf Start oder probieren Sie ein eingebautes Beispiel unter Hilfe → Willkommen.</translation>
    </message>
    <message>
        <source>Loss:</source>
        <translation>Verlust:</translation>
    </message>
    <message>
        <source>training</source>
        <translation>Training</translation>
    </message>
    <message>
        <source>smoothed</source>
        <translation>geglättet</translation>
    </message>
    <message>
        <source>validation (held out)</source>
        <translation>Validierung (zurückgehalten)</translation>
    </message>
    <message>
        <source>general text (forgetting)</source>
        <translation>allgemeiner Text (Vergessen)</translation>
    </message>
    <message>
        <source>random guess, ln V</source>
        <translation>Zufall, ln V</translation>
    </message>
    <message>
        <source>Smoothing of the training loss: an exponential moving average, debiased like TensorBoard's. 0 shows the raw values; 0.6 to 0.9 shows the trend.</source>
        <translation>Glättung des Trainingsverlusts: ein exponentieller gleitender Mittelwert, entzerrt wie bei TensorBoard. 0 zeigt die Rohwerte; 0,6 bis 0,9 zeigt den Trend.</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>Elapsed time</source>
        <translation>Vergangene Zeit</translation>
    </message>
    <message>
        <source>Plot against optimizer steps or seconds of training.</source>
        <translation>Über Optimierungsschritte oder Trainingssekunden auftragen.</translation>
    </message>
    <message>
        <source>Log scale</source>
        <translation>Log. Skala</translation>
    </message>
    <message>
        <source>Show the loss on a logarithmic scale.</source>
        <translation>Den Verlust auf einer logarithmischen Skala zeigen.</translation>
    </message>
    <message>
        <source>Smoothing</source>
        <translation>Glättung</translation>
    </message>
    <message>
        <source>X axis</source>
        <translation>x-Achse</translation>
    </message>
    <message>
        <source>Training curves: loss, accuracy, learning rate and speed</source>
        <translation>Trainingskurven: Verlust, Genauigkeit, Lernrate und Geschwindigkeit</translation>
    </message>
    <message>
        <source>Loss (masked tokens)</source>
        <translation>Verlust (maskierte Tokens)</translation>
    </message>
    <message>
        <source>loss (nats)</source>
        <translation>Verlust (Nats)</translation>
    </message>
    <message>
        <source>Masked-token accuracy (held out)</source>
        <translation>Genauigkeit maskierter Tokens (zurückgehalten)</translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation>Lernrate</translation>
    </message>
    <message>
        <source>Tokens per second</source>
        <translation>Tokens pro Sekunde</translation>
    </message>
    <message>
        <source>The curves of the loss plot (top left).</source>
        <translation>Die Kurven des Verlustdiagramms (oben links).</translation>
    </message>
    <message>
        <source>random guess  ln V = {value:.2f}</source>
        <translation>Zufall  ln V = {value:.2f}</translation>
    </message>
    <message>
        <source>step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>elapsed</source>
        <translation>vergangen</translation>
    </message>
    <message>
        <source>step {step:,}</source>
        <translation>Schritt {step:,}</translation>
    </message>
    <message>
        <source>loss {loss:.3f}</source>
        <translation>Verlust {loss:.3f}</translation>
    </message>
    <message>
        <source>smoothed {loss:.3f}</source>
        <translation>geglättet {loss:.3f}</translation>
    </message>
    <message>
        <source>lr {lr:.2e}</source>
        <translation>LR {lr:.2e}</translation>
    </message>
    <message>
        <source>{speed:,.0f} tokens/s</source>
        <translation>{speed:,.0f} Tokens/s</translation>
    </message>
    <message>
        <source>validation at step {step:,}: loss {loss:.3f}, accuracy {accuracy:.1%}</source>
        <translation>Validierung bei Schritt {step:,}: Verlust {loss:.3f}, Genauigkeit {accuracy:.1%}</translation>
    </message>
</context>
<context>
    <name>Locale</name>
    <message>
        <source>en_US</source>
        <comment>The QLocale name whose numbers and dates this translation uses (de_DE)</comment>
        <translation>de_DE</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Opening the run history…</source>
        <translation>Der Laufverlauf wird geöffnet…</translation>
    </message>
    <message>
        <source>Corpus</source>
        <translation>Korpus</translation>
    </message>
    <message>
        <source>Setup</source>
        <translation>Einrichtung</translation>
    </message>
    <message>
        <source>Train</source>
        <translation>Training</translation>
    </message>
    <message>
        <source>Explore</source>
        <translation>Erkunden</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <source>Sweep</source>
        <translation>Sweep</translation>
    </message>
    <message>
        <source>Queue</source>
        <translation>Warteschlange</translation>
    </message>
    <message>
        <source>MLM Studio</source>
        <translation>MLM Studio</translation>
    </message>
    <message>
        <source>Opening the run history…

{page} appears here as soon as it is open.</source>
        <translation>Der Laufverlauf wird geöffnet…

{page} erscheint hier, sobald er offen ist.</translation>
    </message>
    <message>
        <source>Pages</source>
        <translation>Seiten</translation>
    </message>
    <message>
        <source>{page} (Ctrl+{number})</source>
        <translation>{page} (Strg+{number})</translation>
    </message>
    <message>
        <source>The run history opens in the background after the window; on a first start this creates it. Train, Explore, History, Sweep and Queue appear when it is open.</source>
        <translation>Der Laufverlauf wird nach dem Fenster im Hintergrund geöffnet; beim ersten Start wird er dabei angelegt. Training, Erkunden, Verlauf, Sweep und Warteschlange erscheinen, sobald er offen ist.</translation>
    </message>
    <message>
        <source>Loading the training engine…</source>
        <translation>Die Trainings-Engine wird geladen…</translation>
    </message>
    <message>
        <source>PyTorch and the tokenizers load in the background after the window opens. Training or predicting before that waits for it.</source>
        <translation>PyTorch und die Tokenizer werden nach dem Öffnen des Fensters im Hintergrund geladen. Training oder Vorhersagen davor warten darauf.</translation>
    </message>
    <message>
        <source>&amp;Open Corpus File…</source>
        <translation>Korpus&amp;datei öffnen…</translation>
    </message>
    <message>
        <source>Open a text file to train on.</source>
        <translation>Eine Textdatei zum Trainieren öffnen.</translation>
    </message>
    <message>
        <source>Open Corpus &amp;Folder…</source>
        <translation>Korpus&amp;ordner öffnen…</translation>
    </message>
    <message>
        <source>Use every text file in a folder.</source>
        <translation>Alle Textdateien eines Ordners verwenden.</translation>
    </message>
    <message>
        <source>Open a &amp;Model…</source>
        <translation>&amp;Modell öffnen…</translation>
    </message>
    <message>
        <source>Open a masked language model from a transformers folder or the local Hugging Face cache.</source>
        <translation>Ein maskiertes Sprachmodell aus einem transformers-Ordner oder dem lokalen Hugging-Face-Cache öffnen.</translation>
    </message>
    <message>
        <source>&amp;Load Settings…</source>
        <translation>Einstellungen &amp;laden…</translation>
    </message>
    <message>
        <source>Load run settings from JSON.</source>
        <translation>Laufeinstellungen aus JSON laden.</translation>
    </message>
    <message>
        <source>&amp;Save Settings…</source>
        <translation>Einstellungen &amp;speichern…</translation>
    </message>
    <message>
        <source>Save the run settings as JSON.</source>
        <translation>Die Laufeinstellungen als JSON speichern.</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Start Training</source>
        <translation>Training &amp;starten</translation>
    </message>
    <message>
        <source>Train a new run with the current settings.</source>
        <translation>Einen neuen Lauf mit den aktuellen Einstellungen trainieren.</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>&amp;Pausieren</translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>&amp;Fortsetzen</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>S&amp;toppen</translation>
    </message>
    <message>
        <source>Stop after the current step and save a checkpoint.</source>
        <translation>Nach dem aktuellen Schritt anhalten und einen Checkpoint speichern.</translation>
    </message>
    <message>
        <source>&amp;{number} {page}</source>
        <translation>&amp;{number} {page}</translation>
    </message>
    <message>
        <source>&amp;Welcome</source>
        <translation>&amp;Willkommen</translation>
    </message>
    <message>
        <source>&amp;About MLM Studio</source>
        <translation>Über MLM &amp;Studio</translation>
    </message>
    <message>
        <source>How Masked Language Models &amp;Learn</source>
        <translation>Wie maskierte Sprachmodelle &amp;lernen</translation>
    </message>
    <message>
        <source>Masking, tokens, the loss, ln V and perplexity, with your own text.</source>
        <translation>Maskierung, Tokens, der Verlust, ln V und Perplexität, an Ihrem eigenen Text erklärt.</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Lauf</translation>
    </message>
    <message>
        <source>&amp;Go</source>
        <translation>&amp;Gehe zu</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Sprache</translation>
    </message>
    <message>
        <source>The system's language</source>
        <translation>Sprache des Systems</translation>
    </message>
    <message>
        <source>The language changes the next time MLM Studio starts.</source>
        <translation>Die Sprache wechselt beim nächsten Start von MLM Studio.</translation>
    </message>
    <message>
        <source>Opening the run history… The run starts as soon as it is open.</source>
        <translation>Der Laufverlauf wird geöffnet… Der Lauf startet, sobald er offen ist.</translation>
    </message>
    <message>
        <source>A run is already training. Stop it first (Ctrl+.).</source>
        <translation>Es trainiert bereits ein Lauf. Stoppen Sie ihn zuerst (Strg+.).</translation>
    </message>
    <message>
        <source>The settings are not valid yet.</source>
        <translation>Die Einstellungen sind noch nicht gültig.</translation>
    </message>
    <message>
        <source>Opening the run history… Add the run to the queue once it is open.</source>
        <translation>Der Laufverlauf wird geöffnet… Fügen Sie den Lauf der Warteschlange hinzu, sobald er offen ist.</translation>
    </message>
    <message>
        <source>Loading the {sample} sample…</source>
        <translation>Das Beispiel {sample} wird geladen…</translation>
    </message>
    <message>
        <source>Opening the run history… Open the model once it is open.</source>
        <translation>Der Laufverlauf wird geöffnet… Öffnen Sie das Modell, sobald er offen ist.</translation>
    </message>
    <message>
        <source>This model is already open as run {run} ({name}): its files are unchanged, so no second run was recorded.</source>
        <translation>Dieses Modell ist bereits als Lauf {run} ({name}) geöffnet: Seine Dateien sind unverändert, daher wurde kein zweiter Lauf aufgezeichnet.</translation>
    </message>
    <message>
        <source>Opened the {family} model as run {run}: {parameters:,} parameters.</source>
        <translation>Das {family}-Modell wurde als Lauf {run} geöffnet: {parameters:,} Parameter.</translation>
    </message>
    <message>
        <source>The run failed: {message}</source>
        <translation>Der Lauf ist fehlgeschlagen: {message}</translation>
    </message>
    <message>
        <source>Training…</source>
        <translation>Training…</translation>
    </message>
    <message>
        <source>{button} (loading…)</source>
        <translation>{button} (lädt…)</translation>
    </message>
    <message>
        <source>The training engine is ready.</source>
        <translation>Die Trainings-Engine ist bereit.</translation>
    </message>
    <message>
        <source>Data directory</source>
        <translation>Datenordner</translation>
    </message>
    <message>
        <source>History database</source>
        <translation>Laufverlauf-Datenbank</translation>
    </message>
    <message>
        <source>Settings file</source>
        <translation>Einstellungsdatei</translation>
    </message>
    <message>
        <source>Stop the sweep?</source>
        <translation>Sweep stoppen?</translation>
    </message>
    <message>
        <source>A sweep is still running. Stop it and quit? Its current trial saves a checkpoint, and Resume on the Sweep page carries the sweep on later.</source>
        <translation>Ein Sweep läuft noch. Stoppen und beenden? Sein aktueller Versuch speichert einen Checkpoint, und „Fortsetzen“ auf der Seite Sweep setzt den Sweep später fort.</translation>
    </message>
    <message>
        <source>Stop training?</source>
        <translation>Training stoppen?</translation>
    </message>
    <message>
        <source>A run is still training. Stop it and quit? A checkpoint is saved, so you can resume the run later from the History page.</source>
        <translation>Ein Lauf trainiert noch. Stoppen und beenden? Es wird ein Checkpoint gespeichert, sodass Sie den Lauf später auf der Seite Verlauf fortsetzen können.</translation>
    </message>
    <message>
        <source>Stopping the run and saving a checkpoint…</source>
        <translation>Der Lauf wird gestoppt und ein Checkpoint gespeichert…</translation>
    </message>
</context>
<context>
    <name>MaskingPreview</name>
    <message>
        <source>small grey</source>
        <translation>klein und grau</translation>
    </message>
    <message>
        <source>{mask_chip} replaced by [MASK] &amp;nbsp; {random_chip} replaced by a random token &amp;nbsp; {kept_chip} unchanged but still predicted &amp;nbsp; {grey}: the answer the model must give</source>
        <translation>{mask_chip} durch [MASK] ersetzt &amp;nbsp; {random_chip} durch ein zufälliges Token ersetzt &amp;nbsp; {kept_chip} unverändert, aber trotzdem vorhergesagt &amp;nbsp; {grey}: die Antwort, die das Modell geben muss</translation>
    </message>
    <message>
        <source>random</source>
        <translation>zufällig</translation>
    </message>
    <message>
        <source>kept</source>
        <translation>beibehalten</translation>
    </message>
    <message>
        <source>Re-roll</source>
        <translation>Neu würfeln</translation>
    </message>
    <message>
        <source>Draw a new random mask for the same sentence.</source>
        <translation>Eine neue zufällige Maske für denselben Satz ziehen.</translation>
    </message>
    <message>
        <source>Another sentence</source>
        <translation>Anderer Satz</translation>
    </message>
    <message>
        <source>Show another sentence of the corpus.</source>
        <translation>Einen anderen Satz des Korpus zeigen.</translation>
    </message>
    <message>
        <source>Choose a corpus to see how its text is masked.</source>
        <translation>Wählen Sie ein Korpus, um zu sehen, wie sein Text maskiert wird.</translation>
    </message>
    <message>
        <source>Training a small tokenizer on the start of the corpus…</source>
        <translation>Ein kleiner Tokenizer wird am Anfang des Korpus trainiert…</translation>
    </message>
    <message>
        <source>No preview: {error}</source>
        <translation>Keine Vorschau: {error}</translation>
    </message>
    <message>
        <source>No preview until the masking settings are valid: {error}</source>
        <translation>Keine Vorschau, bis die Maskierungseinstellungen gültig sind: {error}</translation>
    </message>
    <message>
        <source>This sentence has no tokens.</source>
        <translation>Dieser Satz hat keine Tokens.</translation>
    </message>
    <message numerus="yes">
        <source>The model must predict {selected} of %Ln token(s) ({share:.0%}): {mask} shown as [MASK], {random} replaced by a random token, {kept} left unchanged. The loss counts only these tokens.</source>
        <translation>
            <numerusform>Das Modell muss {selected} von %Ln Token vorhersagen ({share:.0%}): {mask} als [MASK] gezeigt, {random} durch ein zufälliges Token ersetzt, {kept} unverändert gelassen. Der Verlust zählt nur diese Tokens.</numerusform>
            <numerusform>Das Modell muss {selected} von %Ln Tokens vorhersagen ({share:.0%}): {mask} als [MASK] gezeigt, {random} durch ein zufälliges Token ersetzt, {kept} unverändert gelassen. Der Verlust zählt nur diese Tokens.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln word(s): the pieces of a word touch, a wide gap separates words.</source>
        <translation>
            <numerusform>%Ln Wort: Die Teile eines Wortes berühren sich, eine breite Lücke trennt Wörter.</numerusform>
            <numerusform>%Ln Wörter: Die Teile eines Wortes berühren sich, eine breite Lücke trennt Wörter.</numerusform>
        </translation>
    </message>
    <message>
        <source>Static masking: pattern {pattern} of {count}; the model only ever sees these few.</source>
        <translation>Statische Maskierung: Muster {pattern} von {count}; das Modell sieht immer nur diese wenigen.</translation>
    </message>
</context>
<context>
    <name>OpenModelDialog</name>
    <message>
        <source>Open a Model</source>
        <translation>Modell öffnen</translation>
    </message>
    <message>
        <source>Reading the local Hugging Face cache…</source>
        <translation>Der lokale Hugging-Face-Cache wird gelesen…</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Family</source>
        <translation>Familie</translation>
    </message>
    <message>
        <source>MLM Studio never downloads. A model opens from the cache that transformers or huggingface-cli filled, or from a folder that save_pretrained wrote.</source>
        <translation>MLM Studio lädt nie etwas herunter. Ein Modell wird aus dem Cache geöffnet, den transformers oder huggingface-cli gefüllt hat, oder aus einem Ordner, den save_pretrained geschrieben hat.</translation>
    </message>
    <message>
        <source>Choose a folder…</source>
        <translation>Ordner wählen…</translation>
    </message>
    <message>
        <source>Open a transformers folder (config.json, model.safetensors, tokenizer)</source>
        <translation>Einen transformers-Ordner öffnen (config.json, model.safetensors, Tokenizer)</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Öffnen</translation>
    </message>
    <message>
        <source>Open the chosen model of the cache as a run in the history</source>
        <translation>Das gewählte Modell des Caches als Lauf im Laufverlauf öffnen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Open a transformers model folder</source>
        <translation>Einen transformers-Modellordner öffnen</translation>
    </message>
    <message>
        <source>Opening {name}…</source>
        <translation>{name} wird geöffnet…</translation>
    </message>
    <message>
        <source>cannot be opened: {reason}</source>
        <translation>kann nicht geöffnet werden: {reason}</translation>
    </message>
    <message>
        <source>Models in the local Hugging Face cache ({cache}): {openable} of {count} can be opened.</source>
        <translation>Modelle im lokalen Hugging-Face-Cache ({cache}): {openable} von {count} können geöffnet werden.</translation>
    </message>
    <message>
        <source>The local Hugging Face cache ({cache}) holds no models. Choose a folder instead, or set HF_HUB_CACHE or HF_HOME to where your models are.</source>
        <translation>Der lokale Hugging-Face-Cache ({cache}) enthält keine Modelle. Wählen Sie stattdessen einen Ordner oder setzen Sie HF_HUB_CACHE oder HF_HOME auf den Ort Ihrer Modelle.</translation>
    </message>
    <message>
        <source>Reading the local Hugging Face cache</source>
        <translation>Der lokale Hugging-Face-Cache wird gelesen</translation>
    </message>
    <message>
        <source>Opening the model</source>
        <translation>Das Modell wird geöffnet</translation>
    </message>
</context>
<context>
    <name>Perplexity</name>
    <message>
        <source>Perplexity = e^(validation loss). The model is, on average, as unsure as if it were choosing evenly among this many tokens. Lower is better; 1 is always sure and right, and a model that learned nothing sits at V, the vocabulary size.</source>
        <translation>Perplexität = e^(Validierungsverlust). Das Modell ist im Mittel so unsicher, als wählte es gleichmäßig unter so vielen Tokens. Niedriger ist besser; 1 heißt immer sicher und richtig, und ein Modell, das nichts gelernt hat, liegt bei V, der Größe des Vokabulars.</translation>
    </message>
    <message>
        <source>Loss, in nats: for each hidden token, −ln(the probability the model gave the right token), averaged. 0 would be always sure and right; every halving of that probability adds ln 2 ≈ 0.69 nats. (A nat is the natural-log unit: 1 nat ≈ 1.44 bits.) Lower is better.</source>
        <translation>Verlust in Nats: für jedes versteckte Token −ln(der Wahrscheinlichkeit, die das Modell dem richtigen Token gab), gemittelt. 0 hieße immer sicher und richtig; jede Halbierung dieser Wahrscheinlichkeit addiert ln 2 ≈ 0,69 Nats. (Ein Nat ist die Einheit des natürlichen Logarithmus: 1 Nat ≈ 1,44 Bit.) Niedriger ist besser.</translation>
    </message>
    <message>
        <source>The dashed line is the random guess, ln V = {baseline:.2f} for V = {v:,.0f} tokens: the loss of a model that spreads its guess evenly over the whole vocabulary. A model that learns goes below it.</source>
        <translation>Die gestrichelte Linie ist das zufällige Raten, ln V = {baseline:.2f} für V = {v:,.0f} Tokens: der Verlust eines Modells, das seinen Tipp gleichmäßig über das ganze Vokabular verteilt. Ein Modell, das lernt, kommt darunter.</translation>
    </message>
    <message>
        <source>A random guess scores ln V = {baseline:.2f} for V = {v:,.0f} tokens: the loss of a model that spreads its guess evenly over the whole vocabulary. A model that learns goes below it.</source>
        <translation>Zufälliges Raten ergibt ln V = {baseline:.2f} für V = {v:,.0f} Tokens: den Verlust eines Modells, das seinen Tipp gleichmäßig über das ganze Vokabular verteilt. Ein Modell, das lernt, kommt darunter.</translation>
    </message>
    <message>
        <source>The dashed line is the random guess, ln V: the loss of a model that spreads its guess evenly over all V tokens of the vocabulary. A model that learns goes below it.</source>
        <translation>Die gestrichelte Linie ist das zufällige Raten, ln V: der Verlust eines Modells, das seinen Tipp gleichmäßig über alle V Tokens des Vokabulars verteilt. Ein Modell, das lernt, kommt darunter.</translation>
    </message>
    <message>
        <source>A random guess scores ln V: the loss of a model that spreads its guess evenly over all V tokens of the vocabulary. A model that learns goes below it.</source>
        <translation>Zufälliges Raten ergibt ln V: den Verlust eines Modells, das seinen Tipp gleichmäßig über alle V Tokens des Vokabulars verteilt. Ein Modell, das lernt, kommt darunter.</translation>
    </message>
    <message>
        <source>Perplexity = e^loss (Help → How masked language models learn).</source>
        <translation>Perplexität = e^Verlust (Hilfe → Wie maskierte Sprachmodelle lernen).</translation>
    </message>
</context>
<context>
    <name>PredictionView</name>
    <message>
        <source>(empty)</source>
        <translation>(leer)</translation>
    </message>
    <message>
        <source>No predictions</source>
        <translation>Keine Vorhersagen</translation>
    </message>
</context>
<context>
    <name>PredictionsTab</name>
    <message>
        <source>The text was longer than the model can read; only the part around the masks was used.</source>
        <translation>Der Text war länger, als das Modell lesen kann; nur der Teil um die Masken wurde verwendet.</translation>
    </message>
    <message>
        <source>Predict</source>
        <translation>Vorhersagen</translation>
    </message>
    <message>
        <source>Show the model's guesses for every [MASK] (Enter)</source>
        <translation>Die Tipps des Modells für jedes [MASK] zeigen (Eingabe)</translation>
    </message>
    <message>
        <source>Press Predict (or Enter in the text box) to see the model's guesses for each [MASK].</source>
        <translation>Drücken Sie auf „Vorhersagen“ (oder die Eingabetaste im Textfeld), um die Tipps des Modells für jedes [MASK] zu sehen.</translation>
    </message>
    <message>
        <source>Predicting</source>
        <translation>Vorhersage läuft</translation>
    </message>
    <message>
        <source>&lt;b&gt;Most likely:&lt;/b&gt; {sequence}</source>
        <translation>&lt;b&gt;Am wahrscheinlichsten:&lt;/b&gt; {sequence}</translation>
    </message>
    <message>
        <source>Most likely: {sequence}</source>
        <translation>Am wahrscheinlichsten: {sequence}</translation>
    </message>
</context>
<context>
    <name>ProbeEditor</name>
    <message>
        <source>Sentence with one [MASK]</source>
        <translation>Satz mit einem [MASK]</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>Antwort</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Hinzufügen</translation>
    </message>
    <message>
        <source>Add a probe: a sentence with [MASK] where the answer goes, and the answer.</source>
        <translation>Einen Prüfsatz hinzufügen: einen Satz mit [MASK] an der Stelle der Antwort, und die Antwort.</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Remove the selected probes.</source>
        <translation>Die ausgewählten Prüfsätze entfernen.</translation>
    </message>
    <message>
        <source>Use the defaults</source>
        <translation>Standard verwenden</translation>
    </message>
    <message>
        <source>Go back to the automatic probes: the facts sample's questions, or sentences picked from the held-out text.</source>
        <translation>Zu den automatischen Prüfsätzen zurückkehren: den Fragen des Fakten-Beispiels oder Sätzen aus dem zurückgehaltenen Text.</translation>
    </message>
    <message>
        <source>Picked when empty:</source>
        <translation>Gewählt, wenn leer:</translation>
    </message>
    <message>
        <source>This probe {problem}</source>
        <translation>Dieser Prüfsatz {problem}</translation>
    </message>
    <message>
        <source>The facts sample's own {count} questions (automatic). Edit, add or remove one to make the list your own.</source>
        <translation>Die {count} eigenen Fragen des Fakten-Beispiels (automatisch). Bearbeiten, ergänzen oder entfernen Sie eine, um die Liste zu Ihrer eigenen zu machen.</translation>
    </message>
    <message>
        <source>Your own probes, asked at every evaluation.</source>
        <translation>Ihre eigenen Prüfsätze, bei jeder Auswertung gefragt.</translation>
    </message>
    <message numerus="yes">
        <source>Empty: the run picks %Ln sentence(s) of the held-out text when it starts, each with one word hidden.</source>
        <translation>
            <numerusform>Leer: Beim Start des Laufs wird %Ln Satz aus dem zurückgehaltenen Text gewählt, mit einem versteckten Wort.</numerusform>
            <numerusform>Leer: Beim Start des Laufs werden %Ln Sätze aus dem zurückgehaltenen Text gewählt, jeweils mit einem versteckten Wort.</numerusform>
        </translation>
    </message>
    <message>
        <source>No probes: add some, or set how many sentences to pick.</source>
        <translation>Keine Prüfsätze: Fügen Sie welche hinzu oder legen Sie fest, wie viele Sätze gewählt werden.</translation>
    </message>
</context>
<context>
    <name>ProbePlot</name>
    <message>
        <source>Probe sentence</source>
        <translation>Prüfsatz</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>Antwort</translation>
    </message>
    <message>
        <source>Sure</source>
        <translation>Sicher</translation>
    </message>
    <message>
        <source>Best guess</source>
        <translation>Bester Tipp</translation>
    </message>
    <message>
        <source>&lt;b&gt;Probes&lt;/b&gt;: how sure the model is of each expected answer (probability at the [MASK], checked at every evaluation)</source>
        <translation>&lt;b&gt;Prüfsätze&lt;/b&gt;: wie sicher sich das Modell jeder erwarteten Antwort ist (Wahrscheinlichkeit am [MASK], bei jeder Auswertung geprüft)</translation>
    </message>
    <message>
        <source>Each line is one probe sentence. It rises as the model learns the answer; the table shows the newest numbers and the model's own best guess (green: it is the answer). The probes are set in Setup → Advanced → Probes.</source>
        <translation>Jede Linie ist ein Prüfsatz. Sie steigt, während das Modell die Antwort lernt; die Tabelle zeigt die neuesten Zahlen und den besten Tipp des Modells (grün: es ist die Antwort). Die Prüfsätze werden unter Einrichtung → Erweitert → Prüfsätze festgelegt.</translation>
    </message>
    <message>
        <source>step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>P(answer)</source>
        <translation>P(Antwort)</translation>
    </message>
    <message>
        <source>The probability the model gives the expected answer at the [MASK].</source>
        <translation>Die Wahrscheinlichkeit, die das Modell der erwarteten Antwort am [MASK] gibt.</translation>
    </message>
    <message>
        <source>Probe answers</source>
        <translation>Antworten der Prüfsätze</translation>
    </message>
    <message>
        <source>No probes yet: they are asked at the first evaluation.</source>
        <translation>Noch keine Prüfsätze: Sie werden bei der ersten Auswertung gefragt.</translation>
    </message>
    <message>
        <source>Log scale</source>
        <translation>Log. Skala</translation>
    </message>
    <message>
        <source>Show the probabilities on a log scale: the first rise from about 1 in the vocabulary size, long before the answer wins, becomes visible.</source>
        <translation>Die Wahrscheinlichkeiten auf einer logarithmischen Skala zeigen: Der erste Anstieg von etwa 1 geteilt durch die Vokabulargröße, lange bevor die Antwort gewinnt, wird sichtbar.</translation>
    </message>
    <message>
        <source>Comparing runs: the probe whose answer each run's line follows.</source>
        <translation>Läufe vergleichen: der Prüfsatz, dessen Antwort die Linie jedes Laufs folgt.</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>The model's best guess is the answer.</source>
        <translation>Der beste Tipp des Modells ist die Antwort.</translation>
    </message>
    <message>
        <source>The model's best guess at the [MASK].</source>
        <translation>Der beste Tipp des Modells am [MASK].</translation>
    </message>
</context>
<context>
    <name>QueueController</name>
    <message>
        <source>Reading the queue</source>
        <translation>Die Warteschlange wird gelesen</translation>
    </message>
    <message>
        <source>Changing the queue</source>
        <translation>Die Warteschlange wird geändert</translation>
    </message>
    <message>
        <source>Added to the queue as item {item} ({label}).</source>
        <translation>Als Eintrag {item} zur Warteschlange hinzugefügt ({label}).</translation>
    </message>
    <message>
        <source>Adding to the queue</source>
        <translation>Zur Warteschlange hinzufügen</translation>
    </message>
    <message>
        <source>Removing from the queue</source>
        <translation>Aus der Warteschlange entfernen</translation>
    </message>
    <message>
        <source>Reordering the queue</source>
        <translation>Die Warteschlange neu ordnen</translation>
    </message>
    <message>
        <source>Clearing the queue</source>
        <translation>Die Warteschlange leeren</translation>
    </message>
    <message>
        <source>Starting the queue</source>
        <translation>Die Warteschlange starten</translation>
    </message>
    <message>
        <source>Pausing the queue</source>
        <translation>Die Warteschlange pausieren</translation>
    </message>
    <message>
        <source>The queue was running when the app ended; item {items} was interrupted and now resumes.</source>
        <translation>Die Warteschlange lief, als die App endete; Eintrag {items} wurde unterbrochen und wird jetzt fortgesetzt.</translation>
    </message>
    <message>
        <source>Item {items} was interrupted.</source>
        <translation>Eintrag {items} wurde unterbrochen.</translation>
    </message>
    <message>
        <source>Item {item} ({label}) could not start: {message}</source>
        <translation>Eintrag {item} ({label}) konnte nicht starten: {message}</translation>
    </message>
    <message>
        <source>The queue is paused.</source>
        <translation>Die Warteschlange ist pausiert.</translation>
    </message>
    <message>
        <source>The queue is done: nothing is waiting.</source>
        <translation>Die Warteschlange ist fertig: Nichts wartet.</translation>
    </message>
    <message>
        <source>Taking the next queued run</source>
        <translation>Der nächste Lauf der Warteschlange wird geholt</translation>
    </message>
    <message>
        <source>The queued run was stopped, so the queue no longer runs here. Start the queue to resume it.</source>
        <translation>Der Lauf aus der Warteschlange wurde gestoppt, daher läuft die Warteschlange hier nicht mehr. Starten Sie die Warteschlange, um ihn fortzusetzen.</translation>
    </message>
    <message>
        <source>A queued run failed; the queue goes on. {message}</source>
        <translation>Ein Lauf der Warteschlange ist fehlgeschlagen; die Warteschlange läuft weiter. {message}</translation>
    </message>
</context>
<context>
    <name>QueuePage</name>
    <message>
        <source>wait for me</source>
        <translation>auf mich warten</translation>
    </message>
    <message>
        <source>resume the run</source>
        <translation>den Lauf fortsetzen</translation>
    </message>
    <message>
        <source>Add runs with “Add to queue” on the Setup page (or &lt;code&gt;{command}&lt;/code&gt;). Drag rows to change the order. A failed run does not stop the queue.</source>
        <translation>Fügen Sie Läufe mit „Zur Warteschlange“ auf der Seite Einrichtung hinzu (oder mit &lt;code&gt;{command}&lt;/code&gt;). Ziehen Sie Zeilen, um die Reihenfolge zu ändern. Ein fehlgeschlagener Lauf hält die Warteschlange nicht an.</translation>
    </message>
    <message>
        <source>Queue</source>
        <translation>Warteschlange</translation>
    </message>
    <message>
        <source>Start queue</source>
        <translation>Warteschlange starten</translation>
    </message>
    <message>
        <source>Train the waiting runs one after another, here, with the Train page showing each one.</source>
        <translation>Die wartenden Läufe hier nacheinander trainieren; die Seite Training zeigt jeden.</translation>
    </message>
    <message>
        <source>Pause queue</source>
        <translation>Warteschlange pausieren</translation>
    </message>
    <message>
        <source>Start no further run; the one training now finishes.</source>
        <translation>Keinen weiteren Lauf starten; der gerade trainierende wird fertig.</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Take the selected runs out of the queue (a running one must be stopped first).</source>
        <translation>Die ausgewählten Läufe aus der Warteschlange nehmen (ein laufender muss zuerst gestoppt werden).</translation>
    </message>
    <message>
        <source>Clear finished</source>
        <translation>Erledigte entfernen</translation>
    </message>
    <message>
        <source>Take the done and failed runs off the list (their runs stay in History).</source>
        <translation>Die fertigen und fehlgeschlagenen Läufe von der Liste nehmen (ihre Läufe bleiben im Verlauf).</translation>
    </message>
    <message>
        <source>If the app or '{command}' ends in the middle of a run (a crash, a kill, a power cut), that run is marked interrupted. Then the queue waits until you start it again, or resumes the run from its last checkpoint by itself.</source>
        <translation>Endet die App oder „{command}“ mitten in einem Lauf (Absturz, Abbruch, Stromausfall), wird dieser Lauf als unterbrochen markiert. Dann wartet die Warteschlange, bis Sie sie wieder starten, oder setzt den Lauf von selbst ab seinem letzten Checkpoint fort.</translation>
    </message>
    <message>
        <source>After a crash:</source>
        <translation>Nach einem Absturz:</translation>
    </message>
    <message>
        <source>Queued runs</source>
        <translation>Läufe in der Warteschlange</translation>
    </message>
    <message numerus="yes">
        <source>The queue is running here: %n waiting.</source>
        <translation>
            <numerusform>Die Warteschlange läuft hier: %n wartet.</numerusform>
            <numerusform>Die Warteschlange läuft hier: %n warten.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The queue is paused: %n waiting.</source>
        <translation>
            <numerusform>Die Warteschlange ist pausiert: %n wartet.</numerusform>
            <numerusform>Die Warteschlange ist pausiert: %n warten.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The queue is not running here: %n waiting.</source>
        <translation>
            <numerusform>Die Warteschlange läuft hier nicht: %n wartet.</numerusform>
            <numerusform>Die Warteschlange läuft hier nicht: %n warten.</numerusform>
        </translation>
    </message>
    <message>
        <source>Item {item} is training here.</source>
        <translation>Eintrag {item} trainiert hier.</translation>
    </message>
    <message>
        <source>Item {item} is training in another process.</source>
        <translation>Eintrag {item} trainiert in einem anderen Prozess.</translation>
    </message>
    <message>
        <source>Item {item}: {message}</source>
        <translation>Eintrag {item}: {message}</translation>
    </message>
</context>
<context>
    <name>QueueTableModel</name>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Corpus</source>
        <translation>Korpus</translation>
    </message>
    <message>
        <source>Length</source>
        <translation>Länge</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Meldung</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>Wartet</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>Läuft</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Fertig</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
    <message>
        <source>Interrupted</source>
        <translation>Unterbrochen</translation>
    </message>
    <message>
        <source>Removed</source>
        <translation>Entfernt</translation>
    </message>
    <message>
        <source>Waits for its turn.</source>
        <translation>Wartet, bis er an der Reihe ist.</translation>
    </message>
    <message>
        <source>Training now (in this app or in '{command}').</source>
        <translation>Trainiert gerade (in dieser App oder in „{command}“).</translation>
    </message>
    <message>
        <source>Its run completed; find it in History.</source>
        <translation>Sein Lauf ist abgeschlossen; Sie finden ihn im Verlauf.</translation>
    </message>
    <message>
        <source>Its run failed; the queue went on with the next one.</source>
        <translation>Sein Lauf ist fehlgeschlagen; die Warteschlange machte mit dem nächsten weiter.</translation>
    </message>
    <message>
        <source>Its run ended early (stopped, or its process ended); it resumes from its last checkpoint when the queue runs again.</source>
        <translation>Sein Lauf endete vorzeitig (gestoppt, oder sein Prozess endete); er wird ab dem letzten Checkpoint fortgesetzt, wenn die Warteschlange wieder läuft.</translation>
    </message>
    <message>
        <source>(named when it starts)</source>
        <translation>(benannt beim Start)</translation>
    </message>
</context>
<context>
    <name>ReplacedTab</name>
    <message>
        <source>This run learnt by masked language modelling, so it has no detector of replaced words: only runs trained with the objective 'electra' do (Setup → Advanced → Training objective, with the 'seed' architecture). To see which words surprise this model, use Score sentences.</source>
        <translation>Dieser Lauf lernte durch maskiertes Sprachmodellieren und hat daher keinen Detektor für ersetzte Wörter: Den haben nur Läufe mit dem Trainingsziel „electra“ (Einrichtung → Erweitert → Trainingsziel, mit der Architektur „seed“). Um zu sehen, welche Wörter dieses Modell überraschen, verwenden Sie „Sätze bewerten“.</translation>
    </message>
    <message>
        <source>{probability} replaced</source>
        <translation>{probability} ersetzt</translation>
    </message>
    <message>
        <source>Probability that the token was replaced: {scale} &amp;nbsp;light = looks original, dark = looks swapped</source>
        <translation>Wahrscheinlichkeit, dass das Token ersetzt wurde: {scale} &amp;nbsp;hell = wirkt original, dunkel = wirkt getauscht</translation>
    </message>
    <message>
        <source>Which words look swapped? An ELECTRA run's discriminator was trained to tell, for every word, whether it is the original or a replacement; it gives each token the probability that it was replaced. Type or paste a sentence, no [MASK] needed.</source>
        <translation>Welche Wörter wirken getauscht? Der Diskriminator eines ELECTRA-Laufs wurde darauf trainiert, für jedes Wort zu sagen, ob es das Original oder ein Ersatz ist; er gibt jedem Token die Wahrscheinlichkeit, ersetzt worden zu sein. Tippen oder fügen Sie einen Satz ein, kein [MASK] nötig.</translation>
    </message>
    <message>
        <source>A sentence, e.g. The capital of France is banana.</source>
        <translation>Ein Satz, z. B. The capital of France is banana.</translation>
    </message>
    <message>
        <source>Spot replaced words</source>
        <translation>Ersetzte Wörter finden</translation>
    </message>
    <message>
        <source>Spotting replaced words</source>
        <translation>Ersetzte Wörter werden gesucht</translation>
    </message>
    <message>
        <source>Type or paste a sentence to check.</source>
        <translation>Tippen oder fügen Sie einen Satz zum Prüfen ein.</translation>
    </message>
    <message>
        <source>The text is {length:,} characters long; check at most {most:,} at a time (a paragraph or two).</source>
        <translation>Der Text ist {length:,} Zeichen lang; prüfen Sie höchstens {most:,} auf einmal (ein oder zwei Absätze).</translation>
    </message>
    <message>
        <source>Most likely replaced: &lt;b&gt;“{token}”&lt;/b&gt; ({probability}).</source>
        <translation>Am wahrscheinlichsten ersetzt: &lt;b&gt;„{token}“&lt;/b&gt; ({probability}).</translation>
    </message>
</context>
<context>
    <name>RunActions</name>
    <message>
        <source>MLM Studio run (*.mlmrun)</source>
        <translation>MLM-Studio-Lauf (*.mlmrun)</translation>
    </message>
    <message>
        <source>This run's stored configuration can no longer be read.</source>
        <translation>Die gespeicherte Konfiguration dieses Laufs kann nicht mehr gelesen werden.</translation>
    </message>
    <message>
        <source>Write a folder that Hugging Face transformers loads ({architecture}).</source>
        <translation>Einen Ordner schreiben, den Hugging Face transformers lädt ({architecture}).</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>Vergleichen</translation>
    </message>
    <message>
        <source>Overlay the curves of the selected runs</source>
        <translation>Die Kurven der ausgewählten Läufe übereinanderlegen</translation>
    </message>
    <message>
        <source>Explore</source>
        <translation>Erkunden</translation>
    </message>
    <message>
        <source>Ask the selected run's model to fill in blanks</source>
        <translation>Das Modell des ausgewählten Laufs Lücken füllen lassen</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Fortsetzen</translation>
    </message>
    <message>
        <source>Continue an interrupted or stopped run from its last checkpoint</source>
        <translation>Einen unterbrochenen oder gestoppten Lauf ab seinem letzten Checkpoint fortsetzen</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>Umbenennen…</translation>
    </message>
    <message>
        <source>Give the selected run a new name</source>
        <translation>Dem ausgewählten Lauf einen neuen Namen geben</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>Löschen…</translation>
    </message>
    <message>
        <source>Delete the selected runs and their files</source>
        <translation>Die ausgewählten Läufe und ihre Dateien löschen</translation>
    </message>
    <message>
        <source>Export run…</source>
        <translation>Lauf exportieren…</translation>
    </message>
    <message>
        <source>Save the selected run as one .mlmrun file (settings, curves, tokenizer and weights)</source>
        <translation>Den ausgewählten Lauf als eine .mlmrun-Datei speichern (Einstellungen, Kurven, Tokenizer und Gewichte)</translation>
    </message>
    <message>
        <source>Import run…</source>
        <translation>Lauf importieren…</translation>
    </message>
    <message>
        <source>Add a run from a .mlmrun file</source>
        <translation>Einen Lauf aus einer .mlmrun-Datei hinzufügen</translation>
    </message>
    <message>
        <source>Import folder…</source>
        <translation>Ordner importieren…</translation>
    </message>
    <message>
        <source>Add a run folder trained elsewhere: the run folder a capsule's launch.sh wrote, or one from `{command}`</source>
        <translation>Einen anderswo trainierten Laufordner hinzufügen: den Laufordner, den launch.sh einer Kapsel geschrieben hat, oder einen aus `{command}`</translation>
    </message>
    <message>
        <source>Export to Hugging Face…</source>
        <translation>Nach Hugging Face exportieren…</translation>
    </message>
    <message>
        <source>Write a folder that Hugging Face transformers loads</source>
        <translation>Einen Ordner schreiben, den Hugging Face transformers lädt</translation>
    </message>
    <message>
        <source>Reload</source>
        <translation>Neu laden</translation>
    </message>
    <message>
        <source>Read the history again</source>
        <translation>Den Laufverlauf erneut lesen</translation>
    </message>
    <message>
        <source>Select one run to export it to Hugging Face.</source>
        <translation>Wählen Sie einen Lauf, um ihn nach Hugging Face zu exportieren.</translation>
    </message>
    <message>
        <source>Renamed to '{name}'.</source>
        <translation>Umbenannt in „{name}“.</translation>
    </message>
    <message>
        <source>Notes saved.</source>
        <translation>Notizen gespeichert.</translation>
    </message>
    <message>
        <source>Tags saved.</source>
        <translation>Schlagwörter gespeichert.</translation>
    </message>
    <message>
        <source>'{name}' is {status}; stop it on the Train page before deleting it.</source>
        <translation>„{name}“ ist {status}; stoppen Sie den Lauf auf der Seite Training, bevor Sie ihn löschen.</translation>
    </message>
    <message>
        <source>Delete the run '{name}', with its curves, checkpoints and model files? This cannot be undone.</source>
        <translation>Den Lauf „{name}“ mit seinen Kurven, Checkpoints und Modelldateien löschen? Das kann nicht rückgängig gemacht werden.</translation>
    </message>
    <message numerus="yes">
        <source>Delete %Ln run(s), with their curves, checkpoints and model files? This cannot be undone.</source>
        <translation>
            <numerusform>%Ln Lauf mit seinen Kurven, Checkpoints und Modelldateien löschen? Das kann nicht rückgängig gemacht werden.</numerusform>
            <numerusform>%Ln Läufe mit ihren Kurven, Checkpoints und Modelldateien löschen? Das kann nicht rückgängig gemacht werden.</numerusform>
        </translation>
    </message>
    <message>
        <source>Delete runs</source>
        <translation>Läufe löschen</translation>
    </message>
    <message>
        <source>'{name}' was not deleted: {reason}</source>
        <translation>„{name}“ wurde nicht gelöscht: {reason}</translation>
    </message>
    <message numerus="yes">
        <source>Deleted %Ln run(s).</source>
        <translation>
            <numerusform>%Ln Lauf gelöscht.</numerusform>
            <numerusform>%Ln Läufe gelöscht.</numerusform>
        </translation>
    </message>
    <message>
        <source>Run saved to {path}</source>
        <translation>Lauf gespeichert in {path}</translation>
    </message>
    <message>
        <source>Exporting the run…</source>
        <translation>Der Lauf wird exportiert…</translation>
    </message>
    <message>
        <source>The run was not exported</source>
        <translation>Der Lauf wurde nicht exportiert</translation>
    </message>
    <message>
        <source>Importing the run…</source>
        <translation>Der Lauf wird importiert…</translation>
    </message>
    <message>
        <source>The file was not imported</source>
        <translation>Die Datei wurde nicht importiert</translation>
    </message>
    <message>
        <source>Importing the run folder…</source>
        <translation>Der Laufordner wird importiert…</translation>
    </message>
    <message>
        <source>The folder was not imported</source>
        <translation>Der Ordner wurde nicht importiert</translation>
    </message>
    <message>
        <source>Hugging Face model written to {path}</source>
        <translation>Hugging-Face-Modell geschrieben nach {path}</translation>
    </message>
    <message>
        <source>Exporting to Hugging Face…</source>
        <translation>Export nach Hugging Face läuft…</translation>
    </message>
    <message>
        <source>The Hugging Face export failed</source>
        <translation>Der Export nach Hugging Face ist fehlgeschlagen</translation>
    </message>
    <message>
        <source>Imported run {id}.</source>
        <translation>Lauf {id} importiert.</translation>
    </message>
    <message>
        <source>An export or import is still running; wait for it to finish.</source>
        <translation>Ein Export oder Import läuft noch; warten Sie, bis er fertig ist.</translation>
    </message>
    <message>
        <source>{failure}: {reason}</source>
        <translation>{failure}: {reason}</translation>
    </message>
    <message>
        <source>Rename run</source>
        <translation>Lauf umbenennen</translation>
    </message>
    <message>
        <source>New name:</source>
        <translation>Neuer Name:</translation>
    </message>
    <message>
        <source>Export run</source>
        <translation>Lauf exportieren</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Import run</source>
        <translation>Lauf importieren</translation>
    </message>
    <message>
        <source>Import a run folder (it holds config.json and model.safetensors)</source>
        <translation>Einen Laufordner importieren (er enthält config.json und model.safetensors)</translation>
    </message>
    <message>
        <source>Export to Hugging Face: choose an empty folder</source>
        <translation>Nach Hugging Face exportieren: Wählen Sie einen leeren Ordner</translation>
    </message>
    <message>
        <source>{files} and {count} more</source>
        <translation>{files} und {count} weitere</translation>
    </message>
    <message>
        <source>Replace the files?</source>
        <translation>Dateien ersetzen?</translation>
    </message>
    <message>
        <source>The folder {folder} already holds files ({files}). Exporting writes README.md, config.json, the tokenizer and model.safetensors into it, replacing any of the same name. Export into this folder anyway?</source>
        <translation>Der Ordner {folder} enthält bereits Dateien ({files}). Der Export schreibt README.md, config.json, den Tokenizer und model.safetensors hinein und ersetzt gleichnamige Dateien. Trotzdem in diesen Ordner exportieren?</translation>
    </message>
</context>
<context>
    <name>RunConfig</name>
    <message>
        <source>Corpus</source>
        <translation>Korpus</translation>
    </message>
    <message>
        <source>JSON text field</source>
        <translation>JSON-Textfeld</translation>
    </message>
    <message>
        <source>CSV column</source>
        <translation>CSV-Spalte</translation>
    </message>
    <message>
        <source>Held-out share</source>
        <translation>Zurückgehaltener Anteil</translation>
    </message>
    <message>
        <source>Tokenizer</source>
        <translation>Tokenizer</translation>
    </message>
    <message>
        <source>Vocabulary size</source>
        <translation>Vokabulargröße</translation>
    </message>
    <message>
        <source>Minimum frequency</source>
        <translation>Mindesthäufigkeit</translation>
    </message>
    <message>
        <source>Lower-case text</source>
        <translation>Text kleinschreiben</translation>
    </message>
    <message>
        <source>Strategy</source>
        <translation>Strategie</translation>
    </message>
    <message>
        <source>Masking rate</source>
        <translation>Maskierungsrate</translation>
    </message>
    <message>
        <source>Share → [MASK]</source>
        <translation>Anteil → [MASK]</translation>
    </message>
    <message>
        <source>Share → random token</source>
        <translation>Anteil → zufälliges Token</translation>
    </message>
    <message>
        <source>Static masks</source>
        <translation>Statische Masken</translation>
    </message>
    <message>
        <source>Span length p</source>
        <translation>Span-Länge p</translation>
    </message>
    <message>
        <source>Longest span (words)</source>
        <translation>Längster Span (Wörter)</translation>
    </message>
    <message>
        <source>Architecture</source>
        <translation>Architektur</translation>
    </message>
    <message>
        <source>Width (d_model)</source>
        <translation>Breite (d_model)</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>Schichten</translation>
    </message>
    <message>
        <source>Attention heads</source>
        <translation>Attention-Köpfe</translation>
    </message>
    <message>
        <source>Feed-forward width</source>
        <translation>Feed-forward-Breite</translation>
    </message>
    <message>
        <source>Maximum length</source>
        <translation>Maximale Länge</translation>
    </message>
    <message>
        <source>Dropout</source>
        <translation>Dropout</translation>
    </message>
    <message>
        <source>Distance bias</source>
        <translation>Abstands-Bias</translation>
    </message>
    <message>
        <source>Positions</source>
        <translation>Positionen</translation>
    </message>
    <message>
        <source>Training objective</source>
        <translation>Trainingsziel</translation>
    </message>
    <message>
        <source>Generator size (share of width)</source>
        <translation>Generatorgröße (Anteil der Breite)</translation>
    </message>
    <message>
        <source>Detection weight (lambda)</source>
        <translation>Erkennungsgewicht (Lambda)</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>Schritte</translation>
    </message>
    <message>
        <source>Time budget (s)</source>
        <translation>Zeitbudget (s)</translation>
    </message>
    <message>
        <source>Batch size</source>
        <translation>Batchgröße</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>Sequenzlänge</translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation>Lernrate</translation>
    </message>
    <message>
        <source>Warm-up share</source>
        <translation>Aufwärmanteil</translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation>Zeitplan</translation>
    </message>
    <message>
        <source>Weight decay</source>
        <translation>Weight Decay</translation>
    </message>
    <message>
        <source>Gradient clipping</source>
        <translation>Gradient Clipping</translation>
    </message>
    <message>
        <source>Evaluate every</source>
        <translation>Auswerten alle</translation>
    </message>
    <message>
        <source>Evaluation batches</source>
        <translation>Auswertungs-Batches</translation>
    </message>
    <message>
        <source>Checkpoint every</source>
        <translation>Checkpoint alle</translation>
    </message>
    <message>
        <source>Checkpoint after (s)</source>
        <translation>Checkpoint nach (s)</translation>
    </message>
    <message>
        <source>Checkpoints kept</source>
        <translation>Behaltene Checkpoints</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Seed</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>Gerät</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>Genauigkeit der Zahlen</translation>
    </message>
    <message>
        <source>Probe sentences</source>
        <translation>Prüfsätze</translation>
    </message>
    <message>
        <source>Automatic probes</source>
        <translation>Automatische Prüfsätze</translation>
    </message>
    <message>
        <source>Sentences with one [MASK] and the answer expected there, tested at every evaluation (probes). Empty: automatic (the facts sample's own questions, or sentences picked from the held-out text).</source>
        <translation>Sätze mit einem [MASK] und der dort erwarteten Antwort, bei jeder Auswertung getestet (Prüfsätze). Leer: automatisch (die eigenen Fragen des Fakten-Beispiels oder Sätze aus dem zurückgehaltenen Text).</translation>
    </message>
    <message>
        <source>When no probe sentences are given: how many sentences of the held-out text to test the model on, each with one word hidden (0: no probes; the facts sample uses its own questions).</source>
        <translation>Wenn keine Prüfsätze angegeben sind: an wie vielen Sätzen des zurückgehaltenen Textes das Modell getestet wird, jeweils mit einem versteckten Wort (0: keine Prüfsätze; das Fakten-Beispiel verwendet seine eigenen Fragen).</translation>
    </message>
    <message>
        <source>How many times the model corrects itself (optimizer steps). With a time budget as well, training stops at whichever is reached first; give only the time budget and there is no step limit.</source>
        <translation>Wie oft sich das Modell korrigiert (Optimierungsschritte). Mit zusätzlichem Zeitbudget endet das Training bei dem, was zuerst erreicht wird; nur mit Zeitbudget gibt es keine Schrittgrenze.</translation>
    </message>
    <message>
        <source>Stop training after this many seconds (0: no limit). The learning rate then follows the time that has passed and reaches 0 at the budget.</source>
        <translation>Das Training nach so vielen Sekunden beenden (0: keine Grenze). Die Lernrate folgt dann der vergangenen Zeit und erreicht 0 am Ende des Budgets.</translation>
    </message>
    <message>
        <source>Start from</source>
        <translation>Starten von</translation>
    </message>
    <message>
        <source>Continue training this model instead of a new one: a model folder (a run's, or one opened from Hugging Face), whose weights and tokenizer are kept (empty: a new model). On the command line: train CORPUS --from MODEL.</source>
        <translation>Dieses Modell weiter trainieren statt eines neuen: ein Modellordner (der eines Laufs oder einer aus Hugging Face), dessen Gewichte und Tokenizer erhalten bleiben (leer: ein neues Modell). Auf der Kommandozeile: train CORPUS --from MODEL.</translation>
    </message>
    <message>
        <source>General text</source>
        <translation>Allgemeiner Text</translation>
    </message>
    <message>
        <source>A second, general text the model is also tested on at every evaluation (a .txt, .jsonl or .csv file, a folder or sample:NAME), so that forgetting general language while it adapts to your corpus shows as its own curve, general_loss (empty: none). It is only tested on, never trained on.</source>
        <translation>Ein zweiter, allgemeiner Text, an dem das Modell bei jeder Auswertung ebenfalls getestet wird (eine .txt-, .jsonl- oder .csv-Datei, ein Ordner oder sample:NAME), damit das Vergessen allgemeiner Sprache, während es sich an Ihr Korpus anpasst, als eigene Kurve general_loss sichtbar wird (leer: keiner). Er wird nur getestet, nie trainiert.</translation>
    </message>
    <message>
        <source>Added words</source>
        <translation>Hinzugefügte Wörter</translation>
    </message>
    <message>
        <source>Words the continued model learns as single tokens, separated by spaces; each new row starts at the mean of the pieces the model read the word as (empty: none). Only with start_from. On the command line: train CORPUS --from MODEL --add-words N (the N most frequent words its tokenizer splits) or --add-words-file FILE.</source>
        <translation>Wörter, die das weitertrainierte Modell als einzelne Tokens lernt, durch Leerzeichen getrennt; jede neue Zeile beginnt beim Mittelwert der Teile, als die das Modell das Wort las (leer: keine). Nur mit start_from. Auf der Kommandozeile: train CORPUS --from MODEL --add-words N (die N häufigsten Wörter, die sein Tokenizer zerlegt) oder --add-words-file DATEI.</translation>
    </message>
    <message>
        <source>How many passages the model reads before each correction (batch size). 16 is best for short CPU runs.</source>
        <translation>Wie viele Abschnitte das Modell vor jeder Korrektur liest (Batchgröße). 16 ist für kurze CPU-Läufe am besten.</translation>
    </message>
    <message>
        <source>How long each training passage is, in tokens, counting the start and end markers [CLS] and [SEP] (sequence length).</source>
        <translation>Wie lang jeder Trainingsabschnitt ist, in Tokens, einschließlich der Start- und Endmarken [CLS] und [SEP] (Sequenzlänge).</translation>
    </message>
    <message>
        <source>How big each correction is (the peak learning rate of AdamW, the method that updates the model). Too big: training goes unstable; too small: it learns slowly. Typical: 7e-4 for small models on a CPU budget, 5e-4 for large ones.</source>
        <translation>Wie groß jede Korrektur ist (die höchste Lernrate von AdamW, dem Verfahren, das das Modell aktualisiert). Zu groß: Das Training wird instabil; zu klein: Es lernt langsam. Üblich: 7e-4 für kleine Modelle mit CPU-Budget, 5e-4 für große.</translation>
    </message>
    <message>
        <source>Share of the run during which the corrections grow slowly from 0, so the first clumsy steps stay small (learning-rate warm-up). Typical: 0.05.</source>
        <translation>Anteil des Laufs, in dem die Korrekturen langsam von 0 anwachsen, damit die ersten ungeschickten Schritte klein bleiben (Aufwärmen der Lernrate). Üblich: 0.05.</translation>
    </message>
    <message>
        <source>How the size of the corrections changes after the warm-up: stays the same (constant), shrinks steadily to 0 (linear), or shrinks along a curve (cosine learning-rate schedule).</source>
        <translation>Wie sich die Größe der Korrekturen nach dem Aufwärmen ändert: bleibt gleich (constant), sinkt gleichmäßig auf 0 (linear) oder sinkt entlang einer Kurve (cosine, Kosinus-Zeitplan der Lernrate).</translation>
    </message>
    <message>
        <source>constant</source>
        <translation>constant</translation>
    </message>
    <message>
        <source>linear</source>
        <translation>linear</translation>
    </message>
    <message>
        <source>cosine</source>
        <translation>cosine</translation>
    </message>
    <message>
        <source>A gentle pull of the model's numbers towards 0 at every step, against memorising (AdamW weight decay). Typical: 0.01.</source>
        <translation>Ein sanfter Zug der Zahlen des Modells in Richtung 0 bei jedem Schritt, gegen Auswendiglernen (AdamW Weight Decay). Üblich: 0.01.</translation>
    </message>
    <message>
        <source>Caps how big a single correction can be, so one odd batch cannot throw the model off (the gradient norm is clipped to this value; 0: no cap).</source>
        <translation>Begrenzt, wie groß eine einzelne Korrektur sein kann, damit ein ungewöhnlicher Batch das Modell nicht aus der Bahn wirft (die Gradientennorm wird auf diesen Wert gekappt; 0: keine Grenze).</translation>
    </message>
    <message>
        <source>How often the model is tested on the held-out text, in steps (validation loss and accuracy).</source>
        <translation>Wie oft das Modell am zurückgehaltenen Text getestet wird, in Schritten (Validierungsverlust und Genauigkeit).</translation>
    </message>
    <message>
        <source>How many batches of held-out text each test reads (evaluation batches): more gives steadier numbers but takes longer.</source>
        <translation>Wie viele Batches zurückgehaltenen Textes jeder Test liest (Auswertungs-Batches): mehr ergibt ruhigere Zahlen, dauert aber länger.</translation>
    </message>
    <message>
        <source>How often the training so far is saved so that it can be resumed, in steps (a checkpoint; 0: only at the end).</source>
        <translation>Wie oft das bisherige Training gespeichert wird, damit es fortgesetzt werden kann, in Schritten (ein Checkpoint; 0: nur am Ende).</translation>
    </message>
    <message>
        <source>Also save the training so far after this many seconds of training since the last save, so a crash or a power cut loses at most this much (0: by steps only).</source>
        <translation>Das bisherige Training auch nach so vielen Trainingssekunden seit dem letzten Speichern sichern, damit ein Absturz oder Stromausfall höchstens so viel kostet (0: nur nach Schritten).</translation>
    </message>
    <message>
        <source>How many copies of the model's weights are kept from along the training, so Explore can show what it answered at each point (kept checkpoints). They are taken at steps 1, 2, 4, 8, ... (each twice the one before: models change fastest early) and at the end; beyond this many, the earliest go. Each copy costs the size of the weights on disk; 0 keeps none.</source>
        <translation>Wie viele Kopien der Gewichte des Modells aus dem Trainingsverlauf behalten werden, damit Erkunden zeigen kann, was es zu jedem Zeitpunkt antwortete (behaltene Checkpoints). Sie werden bei den Schritten 1, 2, 4, 8, ... (jeweils das Doppelte des vorigen: Modelle ändern sich früh am schnellsten) und am Ende genommen; darüber hinaus fallen die frühesten weg. Jede Kopie kostet die Größe der Gewichte auf der Festplatte; 0 behält keine.</translation>
    </message>
    <message>
        <source>The starting point of every random choice (random seed). The same seed and settings give the same run.</source>
        <translation>Der Ausgangspunkt jeder Zufallswahl (Zufalls-Seed). Derselbe Seed und dieselben Einstellungen ergeben denselben Lauf.</translation>
    </message>
    <message>
        <source>Which part of the computer trains: auto picks a graphics card when there is one (cuda for NVIDIA, mps for Apple), else the processor (cpu).</source>
        <translation>Welcher Teil des Computers trainiert: auto wählt eine Grafikkarte, wenn es eine gibt (cuda für NVIDIA, mps für Apple), sonst den Prozessor (cpu).</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>auto</translation>
    </message>
    <message>
        <source>cpu</source>
        <translation>cpu</translation>
    </message>
    <message>
        <source>cuda</source>
        <translation>cuda</translation>
    </message>
    <message>
        <source>mps</source>
        <translation>mps</translation>
    </message>
    <message>
        <source>How precisely numbers are stored while training. auto uses a shorter, faster number format where the processor has it (bf16, bfloat16), else the standard one (fp32).</source>
        <translation>Wie genau Zahlen während des Trainings gespeichert werden. auto verwendet ein kürzeres, schnelleres Zahlenformat, wo der Prozessor es hat (bf16, bfloat16), sonst das übliche (fp32).</translation>
    </message>
    <message>
        <source>fp32</source>
        <translation>fp32</translation>
    </message>
    <message>
        <source>bf16</source>
        <translation>bf16</translation>
    </message>
    <message>
        <source>The model's design. 'modern' (default): built to learn fast on a CPU (a pre-LN encoder: each block normalises its input first); it exports to Hugging Face when the distance bias is off. 'seed': the tutorial's TinyMLM in BERT's own layout, which always exports to Hugging Face.</source>
        <translation>Der Aufbau des Modells. „modern“ (Standard): gebaut, um auf einer CPU schnell zu lernen (ein Pre-LN-Encoder: jeder Block normalisiert zuerst seine Eingabe); exportierbar nach Hugging Face, wenn der Abstands-Bias aus ist. „seed“: das TinyMLM des Tutorials im Aufbau von BERT, das immer nach Hugging Face exportierbar ist.</translation>
    </message>
    <message>
        <source>modern</source>
        <translation>modern</translation>
    </message>
    <message>
        <source>seed</source>
        <translation>seed</translation>
    </message>
    <message>
        <source>How many numbers describe each token inside the model (width, also d_model or hidden size). Wider learns more but trains slower. Typical: 128 to 512.</source>
        <translation>Wie viele Zahlen jedes Token im Modell beschreiben (Breite, auch d_model oder Hidden Size). Breiter lernt mehr, trainiert aber langsamer. Üblich: 128 bis 512.</translation>
    </message>
    <message>
        <source>How many times the text is reworked on its way through the model (layers, transformer blocks). 2 learns fastest on a CPU budget.</source>
        <translation>Wie oft der Text auf seinem Weg durch das Modell überarbeitet wird (Schichten, Transformer-Blöcke). 2 lernt mit CPU-Budget am schnellsten.</translation>
    </message>
    <message>
        <source>How many different things each token can look for in the others at once (attention heads); must divide the width. Typical: 4.</source>
        <translation>Nach wie vielen verschiedenen Dingen jedes Token gleichzeitig in den anderen suchen kann (Attention-Köpfe); muss die Breite teilen. Üblich: 4.</translation>
    </message>
    <message>
        <source>Size of the small network inside each layer that works on every token on its own (feed-forward width). 0 follows the width: 4 x width, as in BERT. Set a number to fix it.</source>
        <translation>Größe des kleinen Netzes in jeder Schicht, das jedes Token für sich bearbeitet (Feed-forward-Breite). 0 folgt der Breite: 4 x Breite, wie in BERT. Setzen Sie eine Zahl, um sie festzulegen.</translation>
    </message>
    <message>
        <source>4 × width</source>
        <translation>4 × Breite</translation>
    </message>
    <message>
        <source>The longest passage the model can read at once, in tokens (maximum length: the positions it learns).</source>
        <translation>Der längste Abschnitt, den das Modell auf einmal lesen kann, in Tokens (maximale Länge: die Positionen, die es lernt).</translation>
    </message>
    <message>
        <source>Switch off this share of the model's connections at random while training, so it cannot simply memorise a small text (dropout). 0 for short runs; 0.1 for long runs on small texts.</source>
        <translation>Diesen Anteil der Verbindungen des Modells beim Training zufällig abschalten, damit es einen kleinen Text nicht einfach auswendig lernt (Dropout). 0 für kurze Läufe; 0.1 für lange Läufe mit kleinen Texten.</translation>
    </message>
    <message>
        <source>Distance bias: each token pays more attention to its neighbours (ALiBi-style). Learns fastest in the first minute (the quick start uses it), but no Hugging Face model has it: a run with it cannot be exported to Hugging Face. The 'modern' design only.</source>
        <translation>Abstands-Bias: Jedes Token achtet stärker auf seine Nachbarn (nach Art von ALiBi). Lernt in der ersten Minute am schnellsten (der Schnellstart verwendet ihn), aber kein Hugging-Face-Modell hat ihn: Ein Lauf damit kann nicht nach Hugging Face exportiert werden. Nur im Aufbau „modern“.</translation>
    </message>
    <message>
        <source>How the model knows where each word is. 'rotary' (default): the positions turn each query and key (RoPE), so attention sees how far apart two words are; it exports to Hugging Face (as ESM) and, from about two minutes of training on, learns as well as the distance bias. 'learned': one learned vector per position, as BERT. The 'modern' design only.</source>
        <translation>Wie das Modell weiß, wo jedes Wort steht. „rotary“ (Standard): Die Positionen drehen jede Query und jeden Key (RoPE), sodass die Attention sieht, wie weit zwei Wörter auseinanderliegen; exportierbar nach Hugging Face (als ESM) und ab etwa zwei Minuten Training so gut wie der Abstands-Bias. „learned“: ein gelernter Vektor pro Position, wie bei BERT. Nur im Aufbau „modern“.</translation>
    </message>
    <message>
        <source>learned</source>
        <translation>learned</translation>
    </message>
    <message>
        <source>rotary</source>
        <translation>rotary</translation>
    </message>
    <message>
        <source>Layer norm eps</source>
        <translation>Layer-Norm-Epsilon</translation>
    </message>
    <message>
        <source>A tiny number added inside every normalisation so that it never divides by zero (LayerNorm epsilon). 1e-5 for models trained here; a model opened from Hugging Face keeps its own (BERT: 1e-12).</source>
        <translation>Eine winzige Zahl, die in jeder Normalisierung addiert wird, damit nie durch null geteilt wird (LayerNorm-Epsilon). 1e-5 für hier trainierte Modelle; ein aus Hugging Face geöffnetes Modell behält sein eigenes (BERT: 1e-12).</translation>
    </message>
    <message>
        <source>Token dropout id</source>
        <translation>Token-Dropout-ID</translation>
    </message>
    <message>
        <source>How an opened protein model reads hidden words: the input of this token (the mask token) is zeroed and the others are scaled by the share of tokens left, as ESM-2 models were trained (ESM's token dropout; -1: off). Set when an ESM model is opened; the 'modern' design with rotary positions only.</source>
        <translation>Wie ein geöffnetes Proteinmodell versteckte Wörter liest: Die Eingabe dieses Tokens (des Masken-Tokens) wird auf null gesetzt und die übrigen werden mit dem Anteil der verbleibenden Tokens skaliert, wie ESM-2-Modelle trainiert wurden (Token-Dropout von ESM; -1: aus). Wird beim Öffnen eines ESM-Modells gesetzt; nur im Aufbau „modern“ mit rotary-Positionen.</translation>
    </message>
    <message>
        <source>What the model learns from. 'mlm': guess the hidden words (masked language modelling, as BERT). 'electra': a small helper (the generator) fills the hidden words with its own guesses and the model (the discriminator) learns to spot, for every word, whether it was swapped (replaced-token detection, ELECTRA), so it learns from every word, not only the hidden ones. ELECTRA needs the 'seed' design.</source>
        <translation>Woraus das Modell lernt. „mlm“: die versteckten Wörter erraten (maskiertes Sprachmodellieren, wie BERT). „electra“: Ein kleiner Helfer (der Generator) füllt die versteckten Wörter mit eigenen Tipps, und das Modell (der Diskriminator) lernt, bei jedem Wort zu erkennen, ob es getauscht wurde (Erkennung ersetzter Tokens, ELECTRA); so lernt es aus jedem Wort, nicht nur aus den versteckten. ELECTRA braucht den Aufbau „seed“.</translation>
    </message>
    <message>
        <source>mlm</source>
        <translation>mlm</translation>
    </message>
    <message>
        <source>electra</source>
        <translation>electra</translation>
    </message>
    <message>
        <source>ELECTRA only: how wide the helper that fills in the hidden words is, as a share of the model's width (generator size). A helper that guesses too well makes its swaps impossible to spot; the paper found 1/4 to 1/2 best. Typical: 0.25.</source>
        <translation>Nur ELECTRA: wie breit der Helfer ist, der die versteckten Wörter füllt, als Anteil der Breite des Modells (Generatorgröße). Ein Helfer, der zu gut rät, macht seine Vertauschungen unerkennbar; die Veröffentlichung fand 1/4 bis 1/2 am besten. Üblich: 0.25.</translation>
    </message>
    <message>
        <source>ELECTRA only: how much more spotting swapped words counts than filling in hidden ones in the training loss (the discriminator loss weight, lambda). Typical: 10. The paper used 50 for runs of days; in runs of a few minutes 10 spotted the swapped word more reliably.</source>
        <translation>Nur ELECTRA: wie viel mehr das Erkennen getauschter Wörter im Trainingsverlust zählt als das Füllen versteckter (Gewicht des Diskriminatorverlusts, Lambda). Üblich: 10. Die Veröffentlichung nahm 50 für Läufe über Tage; in Läufen von wenigen Minuten erkannte 10 das getauschte Wort zuverlässiger.</translation>
    </message>
    <message>
        <source>What is hidden together: single tokens (token), every piece of a word at once (whole-word), or runs of several words (span, as SpanBERT).</source>
        <translation>Was gemeinsam versteckt wird: einzelne Tokens (token), alle Teile eines Wortes zugleich (whole-word) oder Folgen mehrerer Wörter (span, wie SpanBERT).</translation>
    </message>
    <message>
        <source>token</source>
        <translation>token</translation>
    </message>
    <message>
        <source>whole-word</source>
        <translation>whole-word</translation>
    </message>
    <message>
        <source>span</source>
        <translation>span</translation>
    </message>
    <message>
        <source>How much of the text the model must guess: the share of tokens hidden or swapped each time (masking rate, mlm_probability). BERT used 0.15; 0.3 learns faster in short runs.</source>
        <translation>Wie viel des Textes das Modell erraten muss: der Anteil der jedes Mal versteckten oder getauschten Tokens (Maskierungsrate, mlm_probability). BERT verwendete 0.15; 0.3 lernt in kurzen Läufen schneller.</translation>
    </message>
    <message>
        <source>Of the tokens to guess, the share shown as [MASK]. BERT: 0.8.</source>
        <translation>Von den zu erratenden Tokens der Anteil, der als [MASK] gezeigt wird. BERT: 0.8.</translation>
    </message>
    <message>
        <source>Of the tokens to guess, the share swapped for a random token, so the model cannot trust every token it sees. BERT: 0.1. The rest are left as they are.</source>
        <translation>Von den zu erratenden Tokens der Anteil, der gegen ein zufälliges Token getauscht wird, damit das Modell nicht jedem gesehenen Token trauen kann. BERT: 0.1. Der Rest bleibt, wie er ist.</translation>
    </message>
    <message>
        <source>0: hide different tokens every time the model reads a passage (dynamic masking, as RoBERTa). N: choose N fixed patterns per passage once and reuse them (static masking, as the original BERT).</source>
        <translation>0: bei jedem Lesen eines Abschnitts andere Tokens verstecken (dynamische Maskierung, wie RoBERTa). N: einmal N feste Muster pro Abschnitt wählen und wiederverwenden (statische Maskierung, wie das ursprüngliche BERT).</translation>
    </message>
    <message>
        <source>Span masking only: how short the hidden runs of words tend to be; higher gives shorter runs, and 0.2 gives about 4 words on average (the p of a geometric distribution of span lengths, SpanBERT: 0.2).</source>
        <translation>Nur Span-Maskierung: wie kurz die versteckten Wortfolgen eher sind; höher ergibt kürzere Folgen, 0.2 im Mittel etwa 4 Wörter (das p einer geometrischen Verteilung der Span-Längen, SpanBERT: 0.2).</translation>
    </message>
    <message>
        <source>Span masking only: the longest run of words hidden at once (SpanBERT: 10).</source>
        <translation>Nur Span-Maskierung: die längste auf einmal versteckte Wortfolge (SpanBERT: 10).</translation>
    </message>
    <message>
        <source>How the model reads the text: letter by letter (char), whole words (word), or pieces of words learned from your text (wordpiece or bpe sub-words).</source>
        <translation>Wie das Modell den Text liest: Buchstabe für Buchstabe (char), ganze Wörter (word) oder aus Ihrem Text gelernte Wortteile (wordpiece oder bpe).</translation>
    </message>
    <message>
        <source>char</source>
        <translation>char</translation>
    </message>
    <message>
        <source>word</source>
        <translation>word</translation>
    </message>
    <message>
        <source>wordpiece</source>
        <translation>wordpiece</translation>
    </message>
    <message>
        <source>bpe</source>
        <translation>bpe</translation>
    </message>
    <message>
        <source>The most different letters, words or word pieces the model may know (vocabulary size); rarer ones become [UNK], unknown. Typical: 4000 for a 1 MB text; letters rarely need more than a few hundred.</source>
        <translation>Die meisten verschiedenen Buchstaben, Wörter oder Wortteile, die das Modell kennen darf (Vokabulargröße); seltenere werden zu [UNK], unbekannt. Üblich: 4000 für einen Text von 1 MB; Buchstaben brauchen selten mehr als einige Hundert.</translation>
    </message>
    <message>
        <source>How often a letter, word or piece must appear in the text to be learned (minimum frequency); the vocabulary size caps it anyway. Typical: 1, or 2 to 5 on noisy text.</source>
        <translation>Wie oft ein Buchstabe, Wort oder Teil im Text vorkommen muss, um gelernt zu werden (Mindesthäufigkeit); die Vokabulargröße begrenzt ohnehin. Üblich: 1, oder 2 bis 5 bei verrauschtem Text.</translation>
    </message>
    <message>
        <source>Treat capital and small letters as the same (lower-case the text before cutting it into tokens).</source>
        <translation>Groß- und Kleinbuchstaben gleich behandeln (den Text vor dem Zerlegen in Tokens kleinschreiben).</translation>
    </message>
    <message>
        <source>The text to learn from: a .txt, .jsonl or .csv file, a folder of text files, or a built-in sample (sample:NAME).</source>
        <translation>Der Text zum Lernen: eine .txt-, .jsonl- oder .csv-Datei, ein Ordner mit Textdateien oder ein eingebautes Beispiel (sample:NAME).</translation>
    </message>
    <message>
        <source>For a .jsonl file: the field of each line that holds the text.</source>
        <translation>Bei einer .jsonl-Datei: das Feld jeder Zeile, das den Text enthält.</translation>
    </message>
    <message>
        <source>For a .csv file: the column that holds the text (empty: the column named 'text').</source>
        <translation>Bei einer .csv-Datei: die Spalte, die den Text enthält (leer: die Spalte namens „text“).</translation>
    </message>
    <message>
        <source>How much of the text is set aside to test the model on passages it never trained on (the held-out or validation share), in whole blocks. Typical: 0.05.</source>
        <translation>Wie viel des Textes beiseitegelegt wird, um das Modell an Abschnitten zu testen, auf denen es nie trainiert hat (zurückgehaltener oder Validierungsanteil), in ganzen Blöcken. Üblich: 0.05.</translation>
    </message>
    <message>
        <source>Encoding</source>
        <translation>Kodierung</translation>
    </message>
    <message>
        <source>The text encoding of the corpus files (utf-8, shift_jis, gbk, big5, cp1251, ...); empty: detected from the bytes. Choose it when the detected one is uncertain.</source>
        <translation>Die Textkodierung der Korpusdateien (utf-8, shift_jis, gbk, big5, cp1251, ...); leer: aus den Bytes erkannt. Wählen Sie sie, wenn die erkannte unsicher ist.</translation>
    </message>
</context>
<context>
    <name>RunList</name>
    <message>
        <source>Reading the history</source>
        <translation>Der Laufverlauf wird gelesen</translation>
    </message>
    <message>
        <source>The history could not be read: {reason}</source>
        <translation>Der Laufverlauf konnte nicht gelesen werden: {reason}</translation>
    </message>
</context>
<context>
    <name>RunRequest</name>
    <message>
        <source>Choose a corpus on the Corpus page first.</source>
        <translation>Wählen Sie zuerst auf der Seite Korpus ein Korpus.</translation>
    </message>
    <message>
        <source>Choose the settings on the Setup page first.</source>
        <translation>Wählen Sie zuerst auf der Seite Einrichtung die Einstellungen.</translation>
    </message>
</context>
<context>
    <name>RunsTableModel</name>
    <message>
        <source>MMM dd HH:mm</source>
        <comment>a date and time this year (QDateTime pattern)</comment>
        <translation>d. MMM HH:mm</translation>
    </message>
    <message>
        <source>yyyy-MM-dd HH:mm</source>
        <comment>a date and time of another year (QDateTime pattern)</comment>
        <translation>dd.MM.yyyy HH:mm</translation>
    </message>
    <message>
        <source>queued</source>
        <translation>wartend</translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>pausiert</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>abgeschlossen</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>gestoppt</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>unterbrochen</translation>
    </message>
    <message>
        <source>trained</source>
        <translation>trainiert</translation>
    </message>
    <message>
        <source>imported</source>
        <translation>importiert</translation>
    </message>
    <message>
        <source>{status} (files missing)</source>
        <translation>{status} (Dateien fehlen)</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>The run's name (double-click to rename)</source>
        <translation>Der Name des Laufs (Doppelklick zum Umbenennen)</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>queued, running, completed, stopped, failed or interrupted</source>
        <translation>wartend, läuft, abgeschlossen, gestoppt, fehlgeschlagen oder unterbrochen</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>trained here, or imported: a model opened from a transformers folder or the Hugging Face cache</source>
        <translation>hier trainiert oder importiert: ein Modell, geöffnet aus einem transformers-Ordner oder dem Hugging-Face-Cache</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Angelegt</translation>
    </message>
    <message>
        <source>When the run was created</source>
        <translation>Wann der Lauf angelegt wurde</translation>
    </message>
    <message>
        <source>Val loss</source>
        <translation>Val.-Verlust</translation>
    </message>
    <message>
        <source>Final held-out loss at fixed 15% masking (lower is better); for a run started from a model, the model's own loss before → after</source>
        <translation>Endgültiger Verlust auf zurückgehaltenem Text bei fester 15-%-Maskierung (niedriger ist besser); bei einem Lauf, der von einem Modell startete, der Verlust des Modells vorher → nachher</translation>
    </message>
    <message>
        <source>Val acc</source>
        <translation>Val.-Gen.</translation>
    </message>
    <message>
        <source>Final held-out masked-token accuracy (higher is better)</source>
        <translation>Endgültige Genauigkeit maskierter Tokens auf zurückgehaltenem Text (höher ist besser)</translation>
    </message>
    <message>
        <source>Perplexity</source>
        <translation>Perplexität</translation>
    </message>
    <message>
        <source>Final held-out perplexity, e^(val loss): the model is as unsure as if it were choosing evenly among this many tokens (lower is better)</source>
        <translation>Endgültige Perplexität auf zurückgehaltenem Text, e^(Val.-Verlust): Das Modell ist so unsicher, als wählte es gleichmäßig unter so vielen Tokens (niedriger ist besser)</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>Schritte</translation>
    </message>
    <message>
        <source>Steps trained (of the steps planned, for a run that has not completed)</source>
        <translation>Trainierte Schritte (von den geplanten, bei einem nicht abgeschlossenen Lauf)</translation>
    </message>
    <message>
        <source>Tokenizer</source>
        <translation>Tokenizer</translation>
    </message>
    <message>
        <source>Tokenizer kind and the vocabulary it learned (≤ the cap while it trains)</source>
        <translation>Art des Tokenizers und das gelernte Vokabular (≤ der Obergrenze, solange er trainiert)</translation>
    </message>
    <message>
        <source>Masking</source>
        <translation>Maskierung</translation>
    </message>
    <message>
        <source>Share of tokens masked in training, and the strategy</source>
        <translation>Anteil der im Training maskierten Tokens und die Strategie</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Layers × width of the model</source>
        <translation>Schichten × Breite des Modells</translation>
    </message>
    <message>
        <source>Arch</source>
        <translation>Arch.</translation>
    </message>
    <message>
        <source>Model architecture: modern (fast) or seed (the tutorial's, exportable)</source>
        <translation>Modellarchitektur: modern (schnell) oder seed (die des Tutorials, exportierbar)</translation>
    </message>
    <message>
        <source>Tags</source>
        <translation>Schlagwörter</translation>
    </message>
    <message>
        <source>Tags of the run</source>
        <translation>Schlagwörter des Laufs</translation>
    </message>
    <message>
        <source>Held-out loss of the model it started from (step 0): {before}
after continued pretraining: {after}</source>
        <translation>Verlust (zurückgehalten) des Ausgangsmodells (Schritt 0): {before}
nach weiterem Vortraining: {after}</translation>
    </message>
</context>
<context>
    <name>Samples</name>
    <message>
        <source>Simple facts</source>
        <translation>Einfache Fakten</translation>
    </message>
    <message>
        <source>About 300 KB of short factual sentences (capitals, colours, animal sounds, sums, days, opposites ...) whose blanks have one right answer. A tiny model learns it in about a minute.</source>
        <translation>Rund 300 KB kurze englische Sachsätze (Hauptstädte, Farben, Tierlaute, Summen, Wochentage, Gegensätze …), deren Lücken genau eine richtige Antwort haben. Ein winziges Modell lernt sie in etwa einer Minute.</translation>
    </message>
    <message>
        <source>Python documentation</source>
        <translation>Python-Dokumentation</translation>
    </message>
    <message>
        <source>About 1 MB of real English prose: the CPython reference documentation that ships with Python, plus standard-library docstrings. Good for comparing training recipes.</source>
        <translation>Rund 1 MB echter englischer Fließtext: die CPython-Referenzdokumentation, die mit Python ausgeliefert wird, dazu die Docstrings der Standardbibliothek. Gut zum Vergleichen von Trainingsrezepten.</translation>
    </message>
    <message>
        <source>Tutorial (5 lines)</source>
        <translation>Tutorial (5 Zeilen)</translation>
    </message>
    <message>
        <source>The five sentences of the original tutorial. Far too small to learn from; useful for seeing how tokenization and masking work.</source>
        <translation>Die fünf Sätze des ursprünglichen Tutorials. Viel zu klein zum Lernen, aber nützlich, um zu sehen, wie Tokenisierung und Maskierung funktionieren.</translation>
    </message>
</context>
<context>
    <name>ScoresTab</name>
    <message>
        <source>Words to score, separated by commas: mat, chair, floor</source>
        <translation>Zu bewertende Wörter, durch Kommas getrennt: mat, chair, floor</translation>
    </message>
    <message>
        <source>How likely does the model find each of these words in place of the [MASK]? A word the tokenizer splits into several pieces is scored as a whole and flagged.</source>
        <translation>Wie wahrscheinlich findet das Modell jedes dieser Wörter an der Stelle von [MASK]? Ein Wort, das der Tokenizer in mehrere Teile zerlegt, wird als Ganzes bewertet und markiert.</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>Bewerten</translation>
    </message>
    <message>
        <source>Word</source>
        <translation>Wort</translation>
    </message>
    <message>
        <source>Mask</source>
        <translation>Maske</translation>
    </message>
    <message>
        <source>Probability</source>
        <translation>Wahrscheinlichkeit</translation>
    </message>
    <message>
        <source>Log-prob</source>
        <translation>Log-Wahrsch.</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>Tokens</translation>
    </message>
    <message>
        <source>Candidates:</source>
        <translation>Kandidaten:</translation>
    </message>
    <message>
        <source>Type one or more candidate words, separated by commas.</source>
        <translation>Geben Sie ein oder mehrere Kandidatenwörter ein, durch Kommas getrennt.</translation>
    </message>
    <message>
        <source>Scoring the words</source>
        <translation>Die Wörter werden bewertet</translation>
    </message>
    <message>
        <source>{pieces}   ⚠ several tokens</source>
        <translation>{pieces}   ⚠ mehrere Tokens</translation>
    </message>
</context>
<context>
    <name>SentenceScoresTab</name>
    <message>
        <source>“{token}” (token {number} of {count}, piece {piece} of {pieces} of its word)</source>
        <translation>„{token}“ (Token {number} von {count}, Teil {piece} von {pieces} seines Wortes)</translation>
    </message>
    <message>
        <source>“{token}” (token {number} of {count})</source>
        <translation>„{token}“ (Token {number} von {count})</translation>
    </message>
    <message>
        <source>log-probability {log_prob:.3f} · cost {cost:.3f} nats · probability {probability}</source>
        <translation>Log-Wahrscheinlichkeit {log_prob:.3f} · Kosten {cost:.3f} Nats · Wahrscheinlichkeit {probability}</translation>
    </message>
    <message>
        <source>masked alone: {alone:.3f}; with the pieces to its right masked too: {l2r:.3f}</source>
        <translation>allein maskiert: {alone:.3f}; mit den Teilen rechts davon ebenfalls maskiert: {l2r:.3f}</translation>
    </message>
    <message>
        <source>[UNK]: this word is not in the model's vocabulary.</source>
        <translation>[UNK]: Dieses Wort ist nicht im Vokabular des Modells.</translation>
    </message>
    <message>
        <source>The model finds both sentences equally likely.</source>
        <translation>Das Modell findet beide Sätze gleich wahrscheinlich.</translation>
    </message>
    <message>
        <source>The model prefers “{better}” over “{worse}” by {nats:.2f} nats (×{times} as likely)</source>
        <translation>Das Modell zieht „{better}“ „{worse}“ um {nats:.2f} Nats vor (×{times} so wahrscheinlich)</translation>
    </message>
    <message>
        <source>(nothing)</source>
        <translation>(nichts)</translation>
    </message>
    <message>
        <source>; it is decided by “{other}”, which the other sentence has and this one lacks</source>
        <translation>; entschieden wird es durch „{other}“, das der andere Satz hat und dieser nicht</translation>
    </message>
    <message>
        <source>; it is decided at “{shown}” against “{other}”</source>
        <translation>; entschieden wird es bei „{shown}“ gegen „{other}“</translation>
    </message>
    <message>
        <source>; the shared token “{shown}” weighs most, through its context</source>
        <translation>; das gemeinsame Token „{shown}“ wiegt durch seinen Kontext am meisten</translation>
    </message>
    <message>
        <source> ({nats:.2f} nats)</source>
        <translation> ({nats:.2f} Nats)</translation>
    </message>
    <message>
        <source>; the tokens that differ add {net:+.2f} nats</source>
        <translation>; die verschiedenen Tokens tragen {net:+.2f} Nats bei</translation>
    </message>
    <message>
        <source>.</source>
        <translation>.</translation>
    </message>
    <message>
        <source> The sentences have {a} and {b} tokens: every token costs, so the longer one starts behind; minimal pairs of equal length compare best.</source>
        <translation> Die Sätze haben {a} und {b} Tokens: Jedes Token kostet, daher liegt der längere von vornherein zurück; Minimalpaare gleicher Länge lassen sich am besten vergleichen.</translation>
    </message>
    <message>
        <source>Cost of each token (nats, −log-probability with it masked): {scale} &amp;nbsp;light = expected, dark = surprising</source>
        <translation>Kosten jedes Tokens (Nats, −Log-Wahrscheinlichkeit, wenn es maskiert ist): {scale} &amp;nbsp;hell = erwartet, dunkel = überraschend</translation>
    </message>
    <message>
        <source>How natural does the model find each sentence? Each token is hidden in turn and the model's log-probability of the real one is added up (pseudo-log-likelihood, in nats: closer to 0 is more natural). The darker a token, the more it costs.</source>
        <translation>Wie natürlich findet das Modell jeden Satz? Jedes Token wird der Reihe nach versteckt, und die Log-Wahrscheinlichkeit des Modells für das echte wird aufsummiert (Pseudo-Log-Likelihood, in Nats: näher an 0 ist natürlicher). Je dunkler ein Token, desto mehr kostet es.</translation>
    </message>
    <message>
        <source>One sentence per line, e.g.
The bus has arrived.
The bus have arrived.</source>
        <translation>Ein Satz pro Zeile, z. B.
The bus has arrived.
The bus have arrived.</translation>
    </message>
    <message>
        <source>Rank the sentences</source>
        <translation>Sätze ordnen</translation>
    </message>
    <message>
        <source>Score every line and list them, most natural first.</source>
        <translation>Jede Zeile bewerten und auflisten, die natürlichste zuerst.</translation>
    </message>
    <message>
        <source>Minimal pair</source>
        <translation>Minimalpaar</translation>
    </message>
    <message>
        <source>Compare the first two lines: which one the model prefers, by how much, and which token decides it.</source>
        <translation>Die ersten beiden Zeilen vergleichen: welche das Modell vorzieht, um wie viel und welches Token es entscheidet.</translation>
    </message>
    <message>
        <source>Score sentences</source>
        <translation>Sätze bewerten</translation>
    </message>
    <message>
        <source>Save every sentence's and token's numbers as CSV (one row per token) or JSON (everything, the verdict too).</source>
        <translation>Die Zahlen jedes Satzes und Tokens als CSV (eine Zeile pro Token) oder JSON (alles, auch das Urteil) speichern.</translation>
    </message>
    <message>
        <source>Scoring the sentences</source>
        <translation>Die Sätze werden bewertet</translation>
    </message>
    <message>
        <source>Type one or more sentences to score, one per line.</source>
        <translation>Geben Sie einen oder mehrere Sätze zum Bewerten ein, einen pro Zeile.</translation>
    </message>
    <message>
        <source>A minimal pair is two sentences, one per line (there are {count}). Type two sentences that differ in a word or two, or choose 'Rank the sentences'.</source>
        <translation>Ein Minimalpaar sind zwei Sätze, einer pro Zeile (es sind {count}). Geben Sie zwei Sätze ein, die sich in ein oder zwei Wörtern unterscheiden, oder wählen Sie „Sätze ordnen“.</translation>
    </message>
    <message>
        <source>Score at most {most} sentences at a time (there are {count}).</source>
        <translation>Bewerten Sie höchstens {most} Sätze auf einmal (es sind {count}).</translation>
    </message>
    <message>
        <source>costliest: “{token}” {cost:.2f}</source>
        <translation>teuerstes: „{token}“ {cost:.2f}</translation>
    </message>
    <message>
        <source>{score:.2f}&amp;nbsp;nats</source>
        <translation>{score:.2f}&amp;nbsp;Nats</translation>
    </message>
    <message>
        <source>ppl&amp;nbsp;{ppl:.1f}</source>
        <translation>PPL&amp;nbsp;{ppl:.1f}</translation>
    </message>
    <message numerus="yes">
        <source>%Ln token(s)</source>
        <translation>
            <numerusform>%Ln Token</numerusform>
            <numerusform>%Ln Tokens</numerusform>
        </translation>
    </message>
    <message>
        <source>A sentence was longer than the model reads at once: each of its tokens was scored in a window around it (see its note).</source>
        <translation>Ein Satz war länger, als das Modell auf einmal liest: Jedes seiner Tokens wurde in einem Fenster um es herum bewertet (siehe seinen Hinweis).</translation>
    </message>
</context>
<context>
    <name>SetupEstimates</name>
    <message>
        <source>{value:.2f} billion</source>
        <translation>{value:.2f} Mrd.</translation>
    </message>
    <message>
        <source>{value:.2f} million</source>
        <translation>{value:.2f} Mio.</translation>
    </message>
    <message>
        <source>exact once a corpus is loaded</source>
        <translation>genau, sobald ein Korpus geladen ist</translation>
    </message>
    <message>
        <source>learning it from the corpus…</source>
        <translation>wird aus dem Korpus gelernt…</translation>
    </message>
    <message>
        <source>exact once the settings are valid</source>
        <translation>genau, sobald die Einstellungen gültig sind</translation>
    </message>
    <message>
        <source>{problem} This corpus is too short to train on: add more text.</source>
        <translation>{problem} Dieses Korpus ist zu kurz zum Trainieren: Fügen Sie mehr Text hinzu.</translation>
    </message>
    <message>
        <source>{problem} This corpus fills passages of at most {longest} tokens: use the button, or set Advanced → Training → Sequence length.</source>
        <translation>{problem} Dieses Korpus füllt Abschnitte von höchstens {longest} Tokens: Verwenden Sie die Schaltfläche oder stellen Sie Erweitert → Training → Sequenzlänge ein.</translation>
    </message>
    <message>
        <source>None kept: Explore's slider over training will have only the final model.</source>
        <translation>Keine behalten: Der Trainingsregler unter Erkunden hat dann nur das endgültige Modell.</translation>
    </message>
    <message>
        <source>≈ {total} on disk ({keep} × {one} of weights), at steps 1, 2, 4, 8, … and the end.</source>
        <translation>≈ {total} auf der Festplatte ({keep} × {one} Gewichte), bei den Schritten 1, 2, 4, 8, … und am Ende.</translation>
    </message>
    <message>
        <source>up to {total} on disk ({keep} × {one} of weights), at steps 1, 2, 4, 8, … and the end.</source>
        <translation>bis zu {total} auf der Festplatte ({keep} × {one} Gewichte), bei den Schritten 1, 2, 4, 8, … und am Ende.</translation>
    </message>
    <message>
        <source>≈ {total} on disk ({keep} × {one} of weights), at steps {steps}.</source>
        <translation>≈ {total} auf der Festplatte ({keep} × {one} Gewichte), bei den Schritten {steps}.</translation>
    </message>
    <message>
        <source>up to {total} on disk ({keep} × {one} of weights), at steps {steps}.</source>
        <translation>bis zu {total} auf der Festplatte ({keep} × {one} Gewichte), bei den Schritten {steps}.</translation>
    </message>
    <message>
        <source>{params} parameters · ≈ {memory} to train · vocabulary {vocab:,}, learned from this corpus</source>
        <translation>{params} Parameter · ≈ {memory} zum Trainieren · Vokabular {vocab:,}, aus diesem Korpus gelernt</translation>
    </message>
    <message>
        <source>about {params} parameters · about {memory} to train · vocabulary about {vocab:,} ({why})</source>
        <translation>etwa {params} Parameter · etwa {memory} zum Trainieren · Vokabular etwa {vocab:,} ({why})</translation>
    </message>
    <message>
        <source>up to {params} parameters · up to {memory} to train · vocabulary up to {vocab:,} ({why})</source>
        <translation>bis zu {params} Parameter · bis zu {memory} zum Trainieren · Vokabular bis zu {vocab:,} ({why})</translation>
    </message>
    <message>
        <source>ends after {limits}</source>
        <translation>endet nach {limits}</translation>
    </message>
    <message>
        <source>{memory} of memory free</source>
        <translation>{memory} Arbeitsspeicher frei</translation>
    </message>
</context>
<context>
    <name>SetupPage</name>
    <message>
        <source>Tiny model (fast)</source>
        <translation>Winziges Modell (schnell)</translation>
    </message>
    <message>
        <source>Small model</source>
        <translation>Kleines Modell</translation>
    </message>
    <message>
        <source>Base-like model (slow on a CPU)</source>
        <translation>Modell ähnlich Base (langsam auf einer CPU)</translation>
    </message>
    <message>
        <source>Quick start: 1 minute on a CPU</source>
        <translation>Schnellstart: 1 Minute auf einer CPU</translation>
    </message>
    <message>
        <source>Defaults</source>
        <translation>Standardwerte</translation>
    </message>
    <message>
        <source>Simple</source>
        <translation>Einfach</translation>
    </message>
    <message>
        <source>The four choices that matter, in plain words.</source>
        <translation>Die vier wichtigen Entscheidungen, in einfachen Worten.</translation>
    </message>
    <message>
        <source>Advanced</source>
        <translation>Erweitert</translation>
    </message>
    <message>
        <source>Every setting. Both views edit the same settings.</source>
        <translation>Alle Einstellungen. Beide Ansichten bearbeiten dieselben Einstellungen.</translation>
    </message>
    <message>
        <source>Apply a preset…</source>
        <translation>Vorgabe anwenden…</translation>
    </message>
    <message>
        <source>Presets set the model's size (tiny/small/base), or a whole recipe measured to learn in one minute on a CPU.</source>
        <translation>Vorgaben legen die Größe des Modells fest (winzig/klein/Base) oder ein ganzes Rezept, das darauf abgestimmt ist, in einer Minute auf einer CPU zu lernen.</translation>
    </message>
    <message>
        <source>Load…</source>
        <translation>Laden…</translation>
    </message>
    <message>
        <source>Load settings from a run's config.json.</source>
        <translation>Einstellungen aus der config.json eines Laufs laden.</translation>
    </message>
    <message>
        <source>Save…</source>
        <translation>Speichern…</translation>
    </message>
    <message>
        <source>Save these settings as JSON, e.g. for `{command}`.</source>
        <translation>Diese Einstellungen als JSON speichern, z. B. für `{command}`.</translation>
    </message>
    <message>
        <source>Run elsewhere…</source>
        <translation>Anderswo ausführen…</translation>
    </message>
    <message>
        <source>Write a run capsule: these settings, the text and a launch script, to train on other machines (torchrun) and bring the run back with History → Import folder….</source>
        <translation>Eine Laufkapsel schreiben: diese Einstellungen, den Text und ein Startskript, um auf anderen Rechnern zu trainieren (torchrun) und den Lauf mit Verlauf → Ordner importieren… zurückzuholen.</translation>
    </message>
    <message>
        <source>Preset:</source>
        <translation>Vorgabe:</translation>
    </message>
    <message>
        <source>Masking preview</source>
        <translation>Maskierungsvorschau</translation>
    </message>
    <message>
        <source>How the text is read (tokenizer)</source>
        <translation>Wie der Text gelesen wird (Tokenizer)</translation>
    </message>
    <message>
        <source>What is hidden (masking)</source>
        <translation>Was versteckt wird (Maskierung)</translation>
    </message>
    <message>
        <source>The model</source>
        <translation>Das Modell</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>Training</translation>
    </message>
    <message>
        <source>Probes: sentences the model is asked at every evaluation</source>
        <translation>Prüfsätze: Sätze, die dem Modell bei jeder Auswertung gestellt werden</translation>
    </message>
    <message>
        <source>Trainable numbers in the model (parameters) and a rough estimate of the memory one training step needs (weights, corrections, the optimizer's state and the activations).</source>
        <translation>Trainierbare Zahlen im Modell (Parameter) und eine grobe Schätzung des Speichers, den ein Trainingsschritt braucht (Gewichte, Korrekturen, der Zustand des Optimierers und die Aktivierungen).</translation>
    </message>
    <message>
        <source>Shorten the training passages (sequence length) so that this corpus can fill them.</source>
        <translation>Die Trainingsabschnitte kürzen (Sequenzlänge), damit dieses Korpus sie füllen kann.</translation>
    </message>
    <message>
        <source>Start training</source>
        <translation>Training starten</translation>
    </message>
    <message>
        <source>Train with these settings (Ctrl+Return).</source>
        <translation>Mit diesen Einstellungen trainieren (Strg+Eingabe).</translation>
    </message>
    <message>
        <source>Add to queue</source>
        <translation>Zur Warteschlange</translation>
    </message>
    <message>
        <source>Put a run with these settings at the end of the queue (Queue page); it trains when the queue runs.</source>
        <translation>Einen Lauf mit diesen Einstellungen ans Ende der Warteschlange stellen (Seite Warteschlange); er trainiert, wenn die Warteschlange läuft.</translation>
    </message>
    <message>
        <source>Choose a corpus on the Corpus page first.</source>
        <translation>Wählen Sie zuerst auf der Seite Korpus ein Korpus.</translation>
    </message>
    <message>
        <source>Checking that the corpus is long enough for these settings…</source>
        <translation>Es wird geprüft, ob das Korpus für diese Einstellungen lang genug ist…</translation>
    </message>
    <message>
        <source>Use {tokens}-token passages</source>
        <translation>Abschnitte mit {tokens} Tokens verwenden</translation>
    </message>
    <message>
        <source>Corpus: {name} ({characters:,} characters)</source>
        <translation>Korpus: {name} ({characters:,} Zeichen)</translation>
    </message>
    <message>
        <source>Corpus: none chosen yet</source>
        <translation>Korpus: noch keins gewählt</translation>
    </message>
    <message>
        <source>Parameters: fix the model settings to see the size.</source>
        <translation>Parameter: Korrigieren Sie die Modelleinstellungen, um die Größe zu sehen.</translation>
    </message>
    <message>
        <source>exports to Hugging Face</source>
        <translation>exportierbar nach Hugging Face</translation>
    </message>
    <message>
        <source>no Hugging Face export (distance bias on)</source>
        <translation>kein Export nach Hugging Face (Abstands-Bias an)</translation>
    </message>
    <message>
        <source>Training passages are now {tokens} tokens long.</source>
        <translation>Die Trainingsabschnitte sind jetzt {tokens} Tokens lang.</translation>
    </message>
    <message>
        <source>Applied the preset: {preset}.</source>
        <translation>Vorgabe angewendet: {preset}.</translation>
    </message>
    <message>
        <source>Load settings</source>
        <translation>Einstellungen laden</translation>
    </message>
    <message>
        <source>Run configuration (*.json);;All files (*)</source>
        <translation>Laufkonfiguration (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Cannot load settings</source>
        <translation>Einstellungen können nicht geladen werden</translation>
    </message>
    <message>
        <source>{file} could not be read ({error}).</source>
        <translation>{file} konnte nicht gelesen werden ({error}).</translation>
    </message>
    <message>
        <source>{file} is not a valid MLM Studio configuration: {error}</source>
        <translation>{file} ist keine gültige MLM-Studio-Konfiguration: {error}</translation>
    </message>
    <message>
        <source>Loaded settings from {file}.</source>
        <translation>Einstellungen aus {file} geladen.</translation>
    </message>
    <message>
        <source>Save settings</source>
        <translation>Einstellungen speichern</translation>
    </message>
    <message>
        <source>Run configuration (*.json)</source>
        <translation>Laufkonfiguration (*.json)</translation>
    </message>
    <message>
        <source>Cannot write a capsule</source>
        <translation>Kapsel kann nicht geschrieben werden</translation>
    </message>
    <message>
        <source>These settings cannot train yet: {error}</source>
        <translation>Mit diesen Einstellungen kann noch nicht trainiert werden: {error}</translation>
    </message>
    <message>
        <source>Cannot save settings</source>
        <translation>Einstellungen können nicht gespeichert werden</translation>
    </message>
    <message>
        <source>{file} could not be written ({error}).</source>
        <translation>{file} konnte nicht geschrieben werden ({error}).</translation>
    </message>
    <message>
        <source>Saved the settings to {file}.</source>
        <translation>Einstellungen in {file} gespeichert.</translation>
    </message>
</context>
<context>
    <name>SimpleSetup</name>
    <message>
        <source>Letters</source>
        <translation>Buchstaben</translation>
    </message>
    <message>
        <source>Reads one character at a time. Knows every word it can spell, but needs longer passages to see whole sentences.</source>
        <translation>Liest Zeichen für Zeichen. Kennt jedes Wort, das es buchstabieren kann, braucht aber längere Abschnitte, um ganze Sätze zu sehen.</translation>
    </message>
    <message>
        <source>Words</source>
        <translation>Wörter</translation>
    </message>
    <message>
        <source>Reads whole words. Easy to follow; a word it never saw during training becomes “unknown”.</source>
        <translation>Liest ganze Wörter. Leicht nachzuvollziehen; ein Wort, das es im Training nie gesehen hat, wird zu „unbekannt“.</translation>
    </message>
    <message>
        <source>Word pieces</source>
        <translation>Wortteile</translation>
    </message>
    <message>
        <source>Splits rare words into common pieces learned from your text (WordPiece). A good default.</source>
        <translation>Zerlegt seltene Wörter in häufige Teile, die aus Ihrem Text gelernt werden (WordPiece). Eine gute Voreinstellung.</translation>
    </message>
    <message>
        <source>Byte-pair pieces</source>
        <translation>Byte-Pair-Teile</translation>
    </message>
    <message>
        <source>Pieces learned by merging frequent pairs of characters (BPE), chosen in Advanced.</source>
        <translation>Teile, die durch Verschmelzen häufiger Zeichenpaare gelernt werden (BPE), gewählt unter „Erweitert“.</translation>
    </message>
    <message>
        <source>Tiny</source>
        <translation>Winzig</translation>
    </message>
    <message>
        <source>Small</source>
        <translation>Klein</translation>
    </message>
    <message>
        <source>Base</source>
        <translation>Basis</translation>
    </message>
    <message>
        <source>fastest; learns simple patterns</source>
        <translation>am schnellsten; lernt einfache Muster</translation>
    </message>
    <message>
        <source>a good balance on a computer without a graphics card</source>
        <translation>ein guter Kompromiss auf einem Computer ohne Grafikkarte</translation>
    </message>
    <message>
        <source>learns the most, but is slow without a graphics card</source>
        <translation>lernt am meisten, ist aber ohne Grafikkarte langsam</translation>
    </message>
    <message>
        <source>{seconds} s</source>
        <translation>{seconds} s</translation>
    </message>
    <message>
        <source>{minutes} min {seconds} s</source>
        <translation>{minutes} min {seconds} s</translation>
    </message>
    <message>
        <source>{minutes} min</source>
        <translation>{minutes} min</translation>
    </message>
    <message>
        <source>{hours} h {minutes} min</source>
        <translation>{hours} h {minutes} min</translation>
    </message>
    <message>
        <source>{hours} h</source>
        <translation>{hours} h</translation>
    </message>
    <message>
        <source>1. What the model reads</source>
        <translation>1. Was das Modell liest</translation>
    </message>
    <message>
        <source>{explanation} (tokenizer: {kind})</source>
        <translation>{explanation} (Tokenizer: {kind})</translation>
    </message>
    <message>
        <source>2. How big the model is</source>
        <translation>2. Wie groß das Modell ist</translation>
    </message>
    <message>
        <source>Bigger models can learn more, but each training step takes longer. (Presets of width, layers and attention heads.)</source>
        <translation>Größere Modelle können mehr lernen, aber jeder Trainingsschritt dauert länger. (Vorgaben für Breite, Schichten und Attention-Köpfe.)</translation>
    </message>
    <message>
        <source>3. How long to train</source>
        <translation>3. Wie lange trainiert wird</translation>
    </message>
    <message>
        <source> min</source>
        <translation> min</translation>
    </message>
    <message>
        <source>No time limit</source>
        <translation>Ohne Zeitlimit</translation>
    </message>
    <message>
        <source>Training stops after this many minutes; the learning rate follows the time (time budget). 0: no time limit, the number of steps decides.</source>
        <translation>Das Training endet nach so vielen Minuten; die Lernrate richtet sich nach der Zeit (Zeitbudget). 0: kein Zeitlimit, die Zahl der Schritte entscheidet.</translation>
    </message>
    <message>
        <source>Train for</source>
        <translation>Trainieren für</translation>
    </message>
    <message>
        <source>4. How much text to hide</source>
        <translation>4. Wie viel Text versteckt wird</translation>
    </message>
    <message>
        <source>The share of tokens the model must guess each time (masking rate, mlm_probability). BERT used 15%; 30% learns faster in short runs.</source>
        <translation>Der Anteil der Tokens, die das Modell jedes Mal erraten muss (Maskierungsrate, mlm_probability). BERT verwendete 15 %; mit 30 % lernt es in kurzen Läufen schneller.</translation>
    </message>
    <message>
        <source>{count} parameters</source>
        <translation>{count} Parameter</translation>
    </message>
    <message>
        <source>{duration} / 1,000 steps</source>
        <translation>{duration} / 1.000 Schritte</translation>
    </message>
    <message>
        <source>measuring…</source>
        <translation>wird gemessen…</translation>
    </message>
    <message numerus="yes">
        <source>%n layer(s), {width} wide, {heads} attention heads</source>
        <translation>
            <numerusform>%n Schicht, {width} breit, {heads} Attention-Köpfe</numerusform>
            <numerusform>%n Schichten, {width} breit, {heads} Attention-Köpfe</numerusform>
        </translation>
    </message>
    <message>
        <source>Custom size</source>
        <translation>Eigene Größe</translation>
    </message>
    <message>
        <source>fix the Advanced model settings to see its size</source>
        <translation>korrigieren Sie die Modelleinstellungen unter „Erweitert“, um seine Größe zu sehen</translation>
    </message>
    <message>
        <source>about {count} parameters</source>
        <translation>etwa {count} Parameter</translation>
    </message>
    <message>
        <source>up to {count} parameters</source>
        <translation>bis zu {count} Parameter</translation>
    </message>
    <message>
        <source>about {duration} per 1,000 steps on this computer</source>
        <translation>etwa {duration} pro 1.000 Schritte auf diesem Computer</translation>
    </message>
    <message>
        <source>time per 1,000 steps on this computer: measuring…</source>
        <translation>Zeit pro 1.000 Schritte auf diesem Computer: wird gemessen…</translation>
    </message>
    <message>
        <source>fix the training settings to see the time per step</source>
        <translation>korrigieren Sie die Trainingseinstellungen, um die Zeit pro Schritt zu sehen</translation>
    </message>
    <message>
        <source>the time per step could not be measured here</source>
        <translation>die Zeit pro Schritt konnte hier nicht gemessen werden</translation>
    </message>
    <message>
        <source>{size}: {params} · {speed}</source>
        <translation>{size}: {params} · {speed}</translation>
    </message>
    <message>
        <source>set in Advanced; move the slider to pick a standard size</source>
        <translation>unter „Erweitert“ festgelegt; verschieben Sie den Regler, um eine Standardgröße zu wählen</translation>
    </message>
    <message>
        <source>{shape} — {note}.</source>
        <translation>{shape} – {note}.</translation>
    </message>
    <message>
        <source> The exact count follows once the vocabulary has been learned from your corpus.</source>
        <translation> Die genaue Zahl folgt, sobald das Vokabular aus Ihrem Korpus gelernt wurde.</translation>
    </message>
    <message>
        <source>Training stops after {duration}: about {steps:,} steps on this computer.</source>
        <translation>Das Training endet nach {duration}: etwa {steps:,} Schritte auf diesem Computer.</translation>
    </message>
    <message>
        <source>Training stops after {duration}.</source>
        <translation>Das Training endet nach {duration}.</translation>
    </message>
    <message>
        <source> It may end sooner: the steps are capped at {steps:,} (Advanced).</source>
        <translation> Es kann früher enden: Die Schritte sind auf {steps:,} begrenzt (Erweitert).</translation>
    </message>
    <message>
        <source>No time limit: training stops after {steps:,} steps, about {duration} on this computer.</source>
        <translation>Kein Zeitlimit: Das Training endet nach {steps:,} Schritten, etwa {duration} auf diesem Computer.</translation>
    </message>
    <message>
        <source>No time limit: training stops after {steps:,} steps.</source>
        <translation>Kein Zeitlimit: Das Training endet nach {steps:,} Schritten.</translation>
    </message>
    <message>
        <source>The model must guess {rate}% of the tokens (about 1 in {one_in}) from the words around them. Of those, {mask}% are shown as [MASK], {random}% are swapped for a random token and the rest are left as they are, so the model cannot rely on seeing [MASK]. More hidden text gives more to learn from per step, but less context to guess from.</source>
        <translation>Das Modell muss {rate} % der Tokens (etwa 1 von {one_in}) aus den umgebenden Wörtern erraten. Davon werden {mask} % als [MASK] gezeigt, {random} % gegen ein zufälliges Token getauscht und der Rest bleibt, wie er ist, damit sich das Modell nicht darauf verlassen kann, [MASK] zu sehen. Mehr versteckter Text bietet pro Schritt mehr zum Lernen, aber weniger Kontext zum Raten.</translation>
    </message>
    <message numerus="yes">
        <source>%n minute(s)</source>
        <translation>
            <numerusform>%n Minute</numerusform>
            <numerusform>%n Minuten</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>StartFromPicker</name>
    <message>
        <source>a pretrained model needs small corrections; large ones erase what it knows</source>
        <translation>ein vortrainiertes Modell braucht kleine Korrekturen; große löschen, was es weiß</translation>
    </message>
    <message>
        <source>Continue pretraining a model on your text (its weights and tokenizer are kept), or train a new one. On the command line: train CORPUS --from MODEL.</source>
        <translation>Ein Modell mit Ihrem Text weiter vortrainieren (seine Gewichte und sein Tokenizer bleiben erhalten) oder ein neues trainieren. Auf der Kommandozeile: train CORPUS --from MODEL.</translation>
    </message>
    <message>
        <source>Start from a model…</source>
        <translation>Von einem Modell starten…</translation>
    </message>
    <message>
        <source>Choose a transformers model folder (save_pretrained) or a run's folder.</source>
        <translation>Wählen Sie einen transformers-Modellordner (save_pretrained) oder den Ordner eines Laufs.</translation>
    </message>
    <message>
        <source>Start from:</source>
        <translation>Starten von:</translation>
    </message>
    <message>
        <source>Train from scratch (a new model)</source>
        <translation>Von Grund auf trainieren (ein neues Modell)</translation>
    </message>
    <message>
        <source>This model keeps its own tokenizer and size, so those settings are off. Learning rate {lr:g} with {warmup:.0%} warm-up instead of training from scratch's {scratch_lr:g}: {why}.</source>
        <translation>Dieses Modell behält seinen eigenen Tokenizer und seine Größe, daher sind diese Einstellungen aus. Lernrate {lr:g} mit {warmup:.0%} Aufwärmphase statt {scratch_lr:g} beim Training von Grund auf: {why}.</translation>
    </message>
    <message>
        <source>Start from a model folder</source>
        <translation>Von einem Modellordner starten</translation>
    </message>
    <message>
        <source>This is a transformers folder, and there is no history to open it into here. Open it with File → Open a Model… first, then choose its run.</source>
        <translation>Dies ist ein transformers-Ordner, und hier gibt es keinen Laufverlauf, in den er geöffnet werden kann. Öffnen Sie ihn zuerst mit Datei → Modell öffnen… und wählen Sie dann seinen Lauf.</translation>
    </message>
    <message>
        <source>Reading the model…</source>
        <translation>Das Modell wird gelesen…</translation>
    </message>
    <message>
        <source>Reading that model</source>
        <translation>Dieses Modell wird gelesen</translation>
    </message>
</context>
<context>
    <name>SweepPage</name>
    <message>
        <source>completed</source>
        <translation>abgeschlossen</translation>
    </message>
    <message>
        <source>pruned</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>gestoppt</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>unterbrochen</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>Trial</source>
        <translation>Versuch</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Validation loss</source>
        <translation>Validierungsverlust</translation>
    </message>
    <message>
        <source>Accuracy</source>
        <translation>Genauigkeit</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>Schritte</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Choose a corpus on the Corpus page first.</source>
        <translation>Wählen Sie zuerst auf der Seite Korpus ein Korpus.</translation>
    </message>
    <message>
        <source>e.g. {example}</source>
        <translation>z. B. {example}</translation>
    </message>
    <message>
        <source>Setting {number} to vary</source>
        <translation>Zu variierende Einstellung {number}</translation>
    </message>
    <message>
        <source>A setting to vary: NAME=LOW:HIGH (add :log for a log scale) or NAME=A,B,C. Names as the Setup page or the command line call them: lr, layers, width, heads, mask_rate, batch_size, warmup, dropout, schedule, ...</source>
        <translation>Eine zu variierende Einstellung: NAME=VON:BIS (mit :log für eine logarithmische Skala) oder NAME=A,B,C. Namen wie auf der Seite Einrichtung oder in der Kommandozeile: lr, layers, width, heads, mask_rate, batch_size, warmup, dropout, schedule, ...</translation>
    </message>
    <message>
        <source>Find a good recipe for this corpus (the sweep picks learning rate, width, layers and masking rate itself)</source>
        <translation>Ein gutes Rezept für dieses Korpus finden (der Sweep wählt Lernrate, Breite, Schichten und Maskierungsrate selbst)</translation>
    </message>
    <message>
        <source>The whole sweep's time: 90s, 20m or 1.5h.</source>
        <translation>Die Zeit für den ganzen Sweep: 90s, 20m oder 1.5h.</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>auto</translation>
    </message>
    <message>
        <source>Planned trials; each trains for 0.9 × budget / trials (auto: one per 2 minutes of budget, 3 to 20).</source>
        <translation>Geplante Versuche; jeder trainiert 0,9 × Budget / Versuche (auto: einer pro 2 Minuten Budget, 3 bis 20).</translation>
    </message>
    <message>
        <source>Stop trials that fall behind early (successive halving) and spend their time on more trials</source>
        <translation>Versuche, die früh zurückfallen, abbrechen (Successive Halving) und ihre Zeit für weitere Versuche nutzen</translation>
    </message>
    <message>
        <source>sweep-DATE-TIME</source>
        <translation>sweep-DATUM-ZEIT</translation>
    </message>
    <message>
        <source>Trials</source>
        <translation>Versuche</translation>
    </message>
    <message>
        <source>Budget</source>
        <translation>Budget</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Start sweep</source>
        <translation>Sweep starten</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Stopp</translation>
    </message>
    <message>
        <source>Stop the current trial after its step; Resume carries on later.</source>
        <translation>Den aktuellen Versuch nach seinem Schritt stoppen; „Fortsetzen“ macht später weiter.</translation>
    </message>
    <message>
        <source>Sweeps recorded in this history.</source>
        <translation>In diesem Laufverlauf aufgezeichnete Sweeps.</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Fortsetzen</translation>
    </message>
    <message>
        <source>Carry on with the chosen sweep: an interrupted or stopped trial is tried again, then new trials until its budget is spent.</source>
        <translation>Den gewählten Sweep fortsetzen: Ein unterbrochener oder gestoppter Versuch wird wiederholt, dann folgen neue Versuche, bis sein Budget aufgebraucht ist.</translation>
    </message>
    <message>
        <source>No sweep running.</source>
        <translation>Kein Sweep läuft.</translation>
    </message>
    <message>
        <source>Sweep trials</source>
        <translation>Sweep-Versuche</translation>
    </message>
    <message>
        <source>the recipe preset's settings</source>
        <translation>die Einstellungen der Rezeptvorgabe</translation>
    </message>
    <message numerus="yes">
        <source>%Ln trial(s) of {each} (or {cap:,} steps, the Setup page's limit, if sooner) within {budget}: {what}.</source>
        <translation>
            <numerusform>%Ln Versuch zu {each} (oder {cap:,} Schritte, die Grenze der Seite Einrichtung, falls früher) innerhalb von {budget}: {what}.</numerusform>
            <numerusform>%Ln Versuche zu je {each} (oder {cap:,} Schritte, die Grenze der Seite Einrichtung, falls früher) innerhalb von {budget}: {what}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln trial(s) of {each} within {budget}: {what}.</source>
        <translation>
            <numerusform>%Ln Versuch zu {each} innerhalb von {budget}: {what}.</numerusform>
            <numerusform>%Ln Versuche zu je {each} innerhalb von {budget}: {what}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Sweep {name} (recorded): %Ln trial(s) of {each} within {budget}; Resume carries it on.</source>
        <translation>
            <numerusform>Sweep {name} (aufgezeichnet): %Ln Versuch zu {each} innerhalb von {budget}; Fortsetzen führt ihn weiter.</numerusform>
            <numerusform>Sweep {name} (aufgezeichnet): %Ln Versuche zu je {each} innerhalb von {budget}; Fortsetzen führt ihn weiter.</numerusform>
        </translation>
    </message>
    <message>
        <source>A sweep is already running.</source>
        <translation>Es läuft bereits ein Sweep.</translation>
    </message>
    <message>
        <source>Stopping: the current trial ends after its step and saves a checkpoint; Resume carries on later.</source>
        <translation>Stoppen: Der aktuelle Versuch endet nach seinem Schritt und speichert einen Checkpoint; „Fortsetzen“ macht später weiter.</translation>
    </message>
    <message>
        <source>Resuming sweep {name}…</source>
        <translation>Sweep {name} wird fortgesetzt…</translation>
    </message>
    <message>
        <source>Starting sweep {name}: timing the model sizes this computer can train…</source>
        <translation>Sweep {name} startet: Die Modellgrößen, die dieser Computer trainieren kann, werden gemessen…</translation>
    </message>
    <message>
        <source>Starting sweep {name}…</source>
        <translation>Sweep {name} startet…</translation>
    </message>
    <message numerus="yes">
        <source>Sweep {name}: %Ln trial(s) of {each} within {budget}, pruning; runs tagged {tag}.</source>
        <translation>
            <numerusform>Sweep {name}: %Ln Versuch zu {each} innerhalb von {budget}, mit Abbruch schwacher Versuche; Läufe mit dem Tag {tag}.</numerusform>
            <numerusform>Sweep {name}: %Ln Versuche zu je {each} innerhalb von {budget}, mit Abbruch schwacher Versuche; Läufe mit dem Tag {tag}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Sweep {name}: %Ln trial(s) of {each} within {budget}; runs tagged {tag}.</source>
        <translation>
            <numerusform>Sweep {name}: %Ln Versuch zu {each} innerhalb von {budget}; Läufe mit dem Tag {tag}.</numerusform>
            <numerusform>Sweep {name}: %Ln Versuche zu je {each} innerhalb von {budget}; Läufe mit dem Tag {tag}.</numerusform>
        </translation>
    </message>
    <message>
        <source>Trial {number} training ({time}): {values}.</source>
        <translation>Versuch {number} trainiert ({time}): {values}.</translation>
    </message>
    <message numerus="yes">
        <source>Sweep {name}: %Ln trial(s) ({done} completed, {pruned} pruned), stopped with {left} of its budget left: Resume carries on.</source>
        <translation>
            <numerusform>Sweep {name}: %Ln Versuch ({done} abgeschlossen, {pruned} abgebrochen), angehalten mit {left} verbleibendem Budget: Fortsetzen macht weiter.</numerusform>
            <numerusform>Sweep {name}: %Ln Versuche ({done} abgeschlossen, {pruned} abgebrochen), angehalten mit {left} verbleibendem Budget: Fortsetzen macht weiter.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Sweep {name}: %Ln trial(s) ({done} completed, {pruned} pruned), budget spent.</source>
        <translation>
            <numerusform>Sweep {name}: %Ln Versuch ({done} abgeschlossen, {pruned} abgebrochen), Budget aufgebraucht.</numerusform>
            <numerusform>Sweep {name}: %Ln Versuche ({done} abgeschlossen, {pruned} abgebrochen), Budget aufgebraucht.</numerusform>
        </translation>
    </message>
    <message>
        <source>Sweep {name} ended.</source>
        <translation>Sweep {name} ist beendet.</translation>
    </message>
    <message>
        <source>The sweep ended early.</source>
        <translation>Der Sweep endete vorzeitig.</translation>
    </message>
    <message>
        <source>pruned at step {step}</source>
        <translation>bei Schritt {step} abgebrochen</translation>
    </message>
    <message>
        <source>{outcome} (re-try of {trial})</source>
        <translation>{outcome} (Wiederholung von {trial})</translation>
    </message>
    <message>
        <source>Best run so far: none yet (no trial has completed).</source>
        <translation>Bester Lauf bisher: noch keiner (kein Versuch ist abgeschlossen).</translation>
    </message>
    <message>
        <source>Best run so far: &lt;b&gt;{run}&lt;/b&gt; (trial {number}: {values}), validation loss &lt;b&gt;{loss:.3f}&lt;/b&gt;, accuracy {accuracy:.1%}.</source>
        <translation>Bester Lauf bisher: &lt;b&gt;{run}&lt;/b&gt; (Versuch {number}: {values}), Validierungsverlust &lt;b&gt;{loss:.3f}&lt;/b&gt;, Genauigkeit {accuracy:.1%}.</translation>
    </message>
    <message>
        <source>Best run so far: &lt;b&gt;{run}&lt;/b&gt; (trial {number}: {values}), validation loss &lt;b&gt;{loss:.3f}&lt;/b&gt;.</source>
        <translation>Bester Lauf bisher: &lt;b&gt;{run}&lt;/b&gt; (Versuch {number}: {values}), Validierungsverlust &lt;b&gt;{loss:.3f}&lt;/b&gt;.</translation>
    </message>
</context>
<context>
    <name>SweepPlots</name>
    <message>
        <source>Each trial of a sweep appears here as it ends: a scatter of one setting against the validation loss, and every setting at once below it.

Choose what to vary and press Start.</source>
        <translation>Jeder Versuch eines Sweeps erscheint hier, sobald er endet: ein Streudiagramm einer Einstellung gegen den Validierungsverlust und darunter alle Einstellungen zugleich.

Wählen Sie, was variiert wird, und drücken Sie auf Start.</translation>
    </message>
    <message>
        <source>The setting on the scatter plot's horizontal axis.</source>
        <translation>Die Einstellung auf der waagerechten Achse des Streudiagramms.</translation>
    </message>
    <message>
        <source>Colour: validation loss (yellow lowest) · ● completed · ✕ pruned · ★ best · ○ training</source>
        <translation>Farbe: Validierungsverlust (gelb am niedrigsten) · ● abgeschlossen · ✕ abgebrochen · ★ bester · ○ trainiert</translation>
    </message>
    <message>
        <source>validation loss (nats)</source>
        <translation>Validierungsverlust (Nats)</translation>
    </message>
    <message>
        <source>Every setting at once (each line a trial)</source>
        <translation>Alle Einstellungen zugleich (jede Linie ein Versuch)</translation>
    </message>
    <message>
        <source>Scatter:</source>
        <translation>Streuung:</translation>
    </message>
    <message>
        <source>validation loss
{low:.3f} – {high:.3f}</source>
        <translation>Validierungsverlust
{low:.3f} – {high:.3f}</translation>
    </message>
</context>
<context>
    <name>SweepWorker</name>
    <message>
        <source>The sweep</source>
        <translation>Der Sweep</translation>
    </message>
</context>
<context>
    <name>TokenLossTab</name>
    <message>
        <source>(no comparison)</source>
        <translation>(kein Vergleich)</translation>
    </message>
    <message>
        <source>Which words of a text has the model learned? Each token the fixed masks hide in the chosen text (the run's held-out text, or one you pick) is coloured by the model's loss on it; on the held-out text the mean is the run's validation loss. Compare with a second run of the same corpus to see what it has learned that this one has not.</source>
        <translation>Welche Wörter eines Textes hat das Modell gelernt? Jedes Token, das die festen Masken im gewählten Text verstecken (dem zurückgehaltenen Text des Laufs oder einem Text Ihrer Wahl), ist nach dem Verlust des Modells darauf eingefärbt; auf dem zurückgehaltenen Text ist der Mittelwert der Validierungsverlust des Laufs. Vergleichen Sie mit einem zweiten Lauf desselben Korpus, um zu sehen, was jener gelernt hat und dieser nicht.</translation>
    </message>
    <message>
        <source>A second run of the same corpus: the words are then coloured by this run's loss minus that run's.</source>
        <translation>Ein zweiter Lauf desselben Korpus: Die Wörter werden dann nach dem Verlust dieses Laufs minus dem des anderen eingefärbt.</translation>
    </message>
    <message>
        <source>Text:</source>
        <translation>Text:</translation>
    </message>
    <message>
        <source>the run's held-out text</source>
        <translation>der zurückgehaltene Text des Laufs</translation>
    </message>
    <message>
        <source>What to measure the loss on: the run's own held-out text, or a text you choose, from its start (a model opened from a folder has no held-out text of its own). On the command line: token-loss RUN --text TEXT.</source>
        <translation>Worauf der Verlust gemessen wird: auf dem eigenen zurückgehaltenen Text des Laufs oder auf einem Text Ihrer Wahl, von seinem Anfang an (ein aus einem Ordner geöffnetes Modell hat keinen eigenen zurückgehaltenen Text). In der Kommandozeile: token-loss RUN --text TEXT.</translation>
    </message>
    <message>
        <source>Show loss</source>
        <translation>Verlust zeigen</translation>
    </message>
    <message>
        <source>Run the model over the chosen text, window by window with fixed masks, in the background.</source>
        <translation>Das Modell im Hintergrund über den gewählten Text laufen lassen, Fenster für Fenster mit festen Masken.</translation>
    </message>
    <message>
        <source>Press 'Show loss' to colour the chosen text by the model's loss on each hidden token.</source>
        <translation>Drücken Sie auf „Verlust zeigen“, um den gewählten Text nach dem Verlust des Modells an jedem versteckten Token einzufärben.</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>%p% of the windows</source>
        <translation>%p % der Fenster</translation>
    </message>
    <message>
        <source>Compare with:</source>
        <translation>Vergleichen mit:</translation>
    </message>
    <message>
        <source>Computing the loss of every hidden token</source>
        <translation>Der Verlust jedes versteckten Tokens wird berechnet</translation>
    </message>
    <message>
        <source>Cancelling: the computation stops after the current batch.</source>
        <translation>Abbrechen: Die Berechnung endet nach dem aktuellen Batch.</translation>
    </message>
</context>
<context>
    <name>TrainPage</name>
    <message>
        <source>Press Start to train with the settings from the Setup page.</source>
        <translation>Drücken Sie auf Start, um mit den Einstellungen der Seite Einrichtung zu trainieren.</translation>
    </message>
    <message>
        <source>Train a new run with the current settings (Ctrl+Return).</source>
        <translation>Einen neuen Lauf mit den aktuellen Einstellungen trainieren (Strg+Eingabe).</translation>
    </message>
    <message>
        <source>Details…</source>
        <translation>Details…</translation>
    </message>
    <message>
        <source>Choose a corpus and settings first.</source>
        <translation>Wählen Sie zuerst ein Korpus und die Einstellungen.</translation>
    </message>
    <message>
        <source>No run yet</source>
        <translation>Noch kein Lauf</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Start</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <source>Pause after the current step; nothing is lost.</source>
        <translation>Nach dem aktuellen Schritt pausieren; es geht nichts verloren.</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Fortsetzen</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Stopp</translation>
    </message>
    <message>
        <source>Finish the current step, save a checkpoint and end the run (Ctrl+.). A stopped run can be resumed from the History page.</source>
        <translation>Den aktuellen Schritt abschließen, einen Checkpoint speichern und den Lauf beenden (Strg+.). Ein gestoppter Lauf kann auf der Seite Verlauf fortgesetzt werden.</translation>
    </message>
    <message>
        <source>The latest check on held-out text the model never trains on, with 15% of its tokens hidden. Loss in nats (lower is better); accuracy is the share of hidden tokens guessed exactly right.</source>
        <translation>Die neueste Prüfung an zurückgehaltenem Text, auf dem das Modell nie trainiert, mit 15 % versteckten Tokens. Verlust in Nats (niedriger ist besser); die Genauigkeit ist der Anteil der versteckten Tokens, die genau richtig erraten wurden.</translation>
    </message>
    <message>
        <source>What do these numbers mean?</source>
        <translation>Was bedeuten diese Zahlen?</translation>
    </message>
    <message>
        <source>Help → How masked language models learn: the loss in nats, the random-guess line ln V, accuracy and perplexity, with your own text.</source>
        <translation>Hilfe → Wie maskierte Sprachmodelle lernen: der Verlust in Nats, die Zufallslinie ln V, Genauigkeit und Perplexität, an Ihrem eigenen Text erklärt.</translation>
    </message>
    <message>
        <source>Probes</source>
        <translation>Prüfsätze</translation>
    </message>
    <message>
        <source>ELECTRA</source>
        <translation>ELECTRA</translation>
    </message>
    <message>
        <source>A run is already training.</source>
        <translation>Es trainiert bereits ein Lauf.</translation>
    </message>
    <message>
        <source>The run could not be created: {reason}</source>
        <translation>Der Lauf konnte nicht angelegt werden: {reason}</translation>
    </message>
    <message>
        <source>A run is already training. Stop it first.</source>
        <translation>Es trainiert bereits ein Lauf. Stoppen Sie ihn zuerst.</translation>
    </message>
    <message>
        <source>Run {run} cannot be resumed: {reason}</source>
        <translation>Lauf {run} kann nicht fortgesetzt werden: {reason}</translation>
    </message>
    <message>
        <source>Resuming from the last checkpoint…</source>
        <translation>Fortsetzen ab dem letzten Checkpoint…</translation>
    </message>
    <message>
        <source>Preparing: training the tokenizer and building the model…</source>
        <translation>Vorbereitung: Der Tokenizer wird trainiert und das Modell aufgebaut…</translation>
    </message>
    <message>
        <source>Training {name}.</source>
        <translation>{name} wird trainiert.</translation>
    </message>
    <message>
        <source>Paused. Resume to continue, or Stop to end the run.</source>
        <translation>Pausiert. „Fortsetzen“ macht weiter, „Stopp“ beendet den Lauf.</translation>
    </message>
    <message>
        <source>Training…</source>
        <translation>Training…</translation>
    </message>
    <message>
        <source>Stopping: finishing the current step and saving a checkpoint…</source>
        <translation>Stoppen: Der aktuelle Schritt wird abgeschlossen und ein Checkpoint gespeichert…</translation>
    </message>
    <message>
        <source>A checkpoint was saved: resume it from the History page.</source>
        <translation>Ein Checkpoint wurde gespeichert: Setzen Sie den Lauf auf der Seite Verlauf fort.</translation>
    </message>
    <message>
        <source>Training failed.</source>
        <translation>Das Training ist fehlgeschlagen.</translation>
    </message>
    <message>
        <source>step {step:,} · %p%</source>
        <translation>Schritt {step:,} · %p %</translation>
    </message>
    <message>
        <source>ETA {remaining} · elapsed {elapsed} · {speed} tokens/s</source>
        <translation>noch {remaining} · vergangen {elapsed} · {speed} Tokens/s</translation>
    </message>
    <message>
        <source>elapsed {elapsed} · {speed} tokens/s</source>
        <translation>vergangen {elapsed} · {speed} Tokens/s</translation>
    </message>
    <message>
        <source>Training… loss {loss:.3f} at step {step:,}</source>
        <translation>Training… Verlust {loss:.3f} bei Schritt {step:,}</translation>
    </message>
    <message>
        <source>Held-out loss &lt;b&gt;{loss:.3f}&lt;/b&gt; nats · accuracy &lt;b&gt;{accuracy:.1%}&lt;/b&gt;</source>
        <translation>Verlust (zurückgehalten) &lt;b&gt;{loss:.3f}&lt;/b&gt; Nats · Genauigkeit &lt;b&gt;{accuracy:.1%}&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Held-out loss &lt;b&gt;{loss:.3f}&lt;/b&gt; nats</source>
        <translation>Verlust (zurückgehalten) &lt;b&gt;{loss:.3f}&lt;/b&gt; Nats</translation>
    </message>
    <message>
        <source>(step {step:,})</source>
        <translation>(Schritt {step:,})</translation>
    </message>
    <message>
        <source>Perplexity &lt;b&gt;{value}&lt;/b&gt;</source>
        <translation>Perplexität &lt;b&gt;{value}&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Vocabulary {vocab:,} tokens · {params:,} parameters · random-guess loss ln V = {baseline:.2f} (the dashed line): a model that learns nothing stays there.</source>
        <translation>Vokabular {vocab:,} Tokens · {params:,} Parameter · Zufallsverlust ln V = {baseline:.2f} (die gestrichelte Linie): Ein Modell, das nichts lernt, bleibt dort.</translation>
    </message>
    <message>
        <source>Stopped after {steps:,} steps. Held-out loss {loss:.3f}, masked-token accuracy {accuracy:.1%}.</source>
        <translation>Nach {steps:,} Schritten gestoppt. Verlust (zurückgehalten) {loss:.3f}, Genauigkeit maskierter Tokens {accuracy:.1%}.</translation>
    </message>
    <message>
        <source>Stopped after {steps:,} steps.</source>
        <translation>Nach {steps:,} Schritten gestoppt.</translation>
    </message>
    <message>
        <source>Completed after {steps:,} steps. Held-out loss {loss:.3f}, masked-token accuracy {accuracy:.1%}.</source>
        <translation>Nach {steps:,} Schritten abgeschlossen. Verlust (zurückgehalten) {loss:.3f}, Genauigkeit maskierter Tokens {accuracy:.1%}.</translation>
    </message>
    <message>
        <source>Completed after {steps:,} steps.</source>
        <translation>Nach {steps:,} Schritten abgeschlossen.</translation>
    </message>
    <message>
        <source>elapsed {elapsed}</source>
        <translation>vergangen {elapsed}</translation>
    </message>
    <message>
        <source>Failed.</source>
        <translation>Fehlgeschlagen.</translation>
    </message>
    <message>
        <source>Why the run failed</source>
        <translation>Warum der Lauf fehlschlug</translation>
    </message>
    <message>
        <source>The run failed.</source>
        <translation>Der Lauf ist fehlgeschlagen.</translation>
    </message>
    <message>
        <source>Start is not available yet: {reason}</source>
        <translation>Start ist noch nicht möglich: {reason}</translation>
    </message>
    <message>
        <source>{name}: completed.</source>
        <translation>{name}: abgeschlossen.</translation>
    </message>
    <message>
        <source>{name}: stopped.</source>
        <translation>{name}: gestoppt.</translation>
    </message>
    <message>
        <source>{name}: failed.</source>
        <translation>{name}: fehlgeschlagen.</translation>
    </message>
    <message>
        <source>{name}: {status}.</source>
        <translation>{name}: {status}.</translation>
    </message>
</context>
<context>
    <name>TransferTab</name>
    <message>
        <source>sample:kinds: animal, food or place? (shipped)</source>
        <translation>sample:kinds: Tier, Essen oder Ort? (mitgeliefert)</translation>
    </message>
    <message>
        <source>shuffled: the run's corpus, words in order or shuffled</source>
        <translation>shuffled: das Korpus des Laufs, Wörter geordnet oder gemischt</translation>
    </message>
    <message>
        <source>Was the pretraining worth it? A linear probe reads the model's frozen sentence features (its last layer, averaged) to predict a label, on sentences it did not train on. The same probe on a randomly initialised twin of the same shape says what the architecture alone gets; the majority class is the floor. Mean ± std over the seeds.</source>
        <translation>Hat sich das Vortraining gelohnt? Eine lineare Sonde liest die eingefrorenen Satzmerkmale des Modells (seine letzte Schicht, gemittelt), um an Sätzen, auf denen es nicht trainiert hat, ein Label vorherzusagen. Dieselbe Sonde an einem zufällig initialisierten Zwilling gleicher Form zeigt, was die Architektur allein erreicht; die Mehrheitsklasse ist die Untergrenze. Mittelwert ± Standardabweichung über die Seeds.</translation>
    </message>
    <message>
        <source>The labelled task: shipped, made from the run's corpus, or a file of yours.</source>
        <translation>Die beschriftete Aufgabe: mitgeliefert, aus dem Korpus des Laufs erzeugt oder eine eigene Datei.</translation>
    </message>
    <message>
        <source>Task file…</source>
        <translation>Aufgabendatei…</translation>
    </message>
    <message>
        <source>A CSV, TSV or JSONL file with a text and a label in each row.</source>
        <translation>Eine CSV-, TSV- oder JSONL-Datei mit einem Text und einem Label in jeder Zeile.</translation>
    </message>
    <message>
        <source>Text column</source>
        <translation>Textspalte</translation>
    </message>
    <message>
        <source>The column (or JSONL field) with the texts.</source>
        <translation>Die Spalte (oder das JSONL-Feld) mit den Texten.</translation>
    </message>
    <message>
        <source>Label column</source>
        <translation>Labelspalte</translation>
    </message>
    <message>
        <source>The column (or JSONL field) with the labels.</source>
        <translation>Die Spalte (oder das JSONL-Feld) mit den Labels.</translation>
    </message>
    <message>
        <source>Seeds: each draws its own held-out split, probe start and twin.</source>
        <translation>Seeds: Jeder zieht seine eigene zurückgehaltene Aufteilung, seinen Sondenstart und Zwilling.</translation>
    </message>
    <message>
        <source>Fine-tune too</source>
        <translation>Auch feinabstimmen</translation>
    </message>
    <message>
        <source>Also fine-tune the run and its twin whole for a few epochs (slower).</source>
        <translation>Den Lauf und seinen Zwilling zusätzlich einige Epochen lang vollständig feinabstimmen (langsamer).</translation>
    </message>
    <message>
        <source>Evaluate</source>
        <translation>Auswerten</translation>
    </message>
    <message>
        <source>Probe the run, its twin and its kept checkpoints in the background.</source>
        <translation>Den Lauf, seinen Zwilling und seine behaltenen Checkpoints im Hintergrund prüfen.</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>subject</source>
        <translation>Gegenstand</translation>
    </message>
    <message>
        <source>method</source>
        <translation>Methode</translation>
    </message>
    <message>
        <source>accuracy</source>
        <translation>Genauigkeit</translation>
    </message>
    <message>
        <source>± std</source>
        <translation>± Std.-Abw.</translation>
    </message>
    <message>
        <source>min – max</source>
        <translation>Min. – Max.</translation>
    </message>
    <message>
        <source>training step (kept checkpoints, log scale)</source>
        <translation>Trainingsschritt (behaltene Checkpoints, log. Skala)</translation>
    </message>
    <message>
        <source>held-out accuracy</source>
        <translation>Genauigkeit (zurückgehalten)</translation>
    </message>
    <message>
        <source>Task:</source>
        <translation>Aufgabe:</translation>
    </message>
    <message>
        <source>text:</source>
        <translation>Text:</translation>
    </message>
    <message>
        <source>label:</source>
        <translation>Label:</translation>
    </message>
    <message>
        <source>Seeds:</source>
        <translation>Seeds:</translation>
    </message>
    <message>
        <source>file: {name}</source>
        <translation>Datei: {name}</translation>
    </message>
    <message>
        <source>Probing the run and its random twin</source>
        <translation>Der Lauf und sein zufälliger Zwilling werden geprüft</translation>
    </message>
    <message>
        <source>Cancelling: the evaluation stops after the current batch; nothing is stored.</source>
        <translation>Abbrechen: Die Auswertung endet nach dem aktuellen Batch; nichts wird gespeichert.</translation>
    </message>
    <message>
        <source>{what}: %p%</source>
        <translation>{what}: %p %</translation>
    </message>
    <message>
        <source>Choose a labelled task</source>
        <translation>Eine beschriftete Aufgabe wählen</translation>
    </message>
    <message>
        <source>Labelled tasks (*.csv *.tsv *.jsonl);;All files (*)</source>
        <translation>Beschriftete Aufgaben (*.csv *.tsv *.jsonl);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>&lt;b&gt;{task}&lt;/b&gt;: {examples:,} examples, {classes} classes, about {held_out:,} held out per seed. The run scores &lt;b&gt;{run:.1%}&lt;/b&gt; ± {run_spread:.1%}, its random twin {twin:.1%} ± {twin_spread:.1%}: pretraining adds &lt;b&gt;{gain:+.1%}&lt;/b&gt;.</source>
        <translation>&lt;b&gt;{task}&lt;/b&gt;: {examples:,} Beispiele, {classes} Klassen, etwa {held_out:,} zurückgehalten pro Seed. Der Lauf erreicht &lt;b&gt;{run:.1%}&lt;/b&gt; ± {run_spread:.1%}, sein zufälliger Zwilling {twin:.1%} ± {twin_spread:.1%}: Das Vortraining bringt &lt;b&gt;{gain:+.1%}&lt;/b&gt;.</translation>
    </message>
    <message>
        <source>run (checkpoints)</source>
        <translation>Lauf (Checkpoints)</translation>
    </message>
    <message>
        <source>run (final)</source>
        <translation>Lauf (final)</translation>
    </message>
    <message>
        <source>random twin</source>
        <translation>zufälliger Zwilling</translation>
    </message>
    <message>
        <source>majority class</source>
        <translation>Mehrheitsklasse</translation>
    </message>
</context>
<context>
    <name>WelcomePanel</name>
    <message>
        <source>MLM Studio trains small BERT-style &lt;b&gt;masked language models&lt;/b&gt;: a model reads text in which some words are hidden behind &lt;tt&gt;[MASK]&lt;/tt&gt; and learns to guess them. You can watch the loss fall as it learns, then ask it to fill in blanks of your own.</source>
        <translation>MLM Studio trainiert kleine &lt;b&gt;maskierte Sprachmodelle&lt;/b&gt; im Stil von BERT: Ein Modell liest Text, in dem einige Wörter hinter &lt;tt&gt;[MASK]&lt;/tt&gt; versteckt sind, und lernt, sie zu erraten. Sie sehen zu, wie der Verlust beim Lernen sinkt, und lassen es dann Ihre eigenen Lücken füllen.</translation>
    </message>
    <message>
        <source>Welcome to MLM Studio</source>
        <translation>Willkommen bei MLM Studio</translation>
    </message>
    <message>
        <source>Start with a built-in sample: one click trains a tiny model for about a minute on this computer's processor.</source>
        <translation>Beginnen Sie mit einem eingebauten Beispiel: Ein Klick trainiert ein winziges Modell etwa eine Minute lang auf dem Prozessor dieses Computers.</translation>
    </message>
    <message>
        <source>Open my own text…</source>
        <translation>Eigenen Text öffnen…</translation>
    </message>
    <message>
        <source>Skip: go to the Corpus page</source>
        <translation>Überspringen: zur Seite Korpus</translation>
    </message>
    <message>
        <source>Train on this</source>
        <translation>Damit trainieren</translation>
    </message>
    <message>
        <source>Load sample:{name} and start a one-minute training run.</source>
        <translation>sample:{name} laden und einen einminütigen Trainingslauf starten.</translation>
    </message>
</context>
</TS>
