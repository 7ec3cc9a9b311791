; Inno Setup script for the Windows installer of MLM Studio: a per-user install (no administrator
; rights needed) of the one-folder bundle, a Start menu entry, an optional desktop icon, an uninstaller.
; packaging/windows/build.py runs it with ISCC when Inno Setup is installed:
;   iscc /DAppVersion=0.1.0 /DSourceDir=<the bundle folder> /DOutputDir=<dist> /DArch=x86_64 mlmstudio.iss
#ifndef AppVersion
  #error Pass /DAppVersion=X.Y.Z (packaging/windows/build.py does)
#endif
#ifndef SourceDir
  #error Pass /DSourceDir=<the bundle folder> (packaging/windows/build.py does)
#endif
#ifndef OutputDir
  #define OutputDir "."
#endif
#ifndef Arch
  #define Arch "x86_64"
#endif

[Setup]
; The same id for every version, so a new version replaces the old one.
AppId={{6F1E9A52-3C47-4B8E-9D2A-5E0B7C31A8F4}
AppName=MLM Studio
AppVersion={#AppVersion}
AppPublisher=The MLM Studio developers
AppPublisherURL=https://github.com/mlmstudio/mlmstudio
DefaultDirName={localappdata}\Programs\MLM Studio
DefaultGroupName=MLM Studio
PrivilegesRequired=lowest
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
LicenseFile={#SourceDir}\LICENSE.txt
OutputDir={#OutputDir}
OutputBaseFilename=MLM-Studio-{#AppVersion}-windows-{#Arch}-setup
SetupIconFile={#SourceDir}\mlmstudio.ico
UninstallDisplayIcon={app}\MLM Studio.exe
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#SourceDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{group}\MLM Studio"; Filename: "{app}\MLM Studio.exe"
Name: "{group}\MLM Studio command line"; Filename: "{cmd}"; Parameters: "/k ""{app}\mlmstudio.exe"" --help"; WorkingDir: "{app}"
Name: "{group}\Uninstall MLM Studio"; Filename: "{uninstallexe}"
Name: "{autodesktop}\MLM Studio"; Filename: "{app}\MLM Studio.exe"; Tasks: desktopicon

[Run]
Filename: "{app}\MLM Studio.exe"; Description: "{cm:LaunchProgram,MLM Studio}"; Flags: nowait postinstall skipifsilent
