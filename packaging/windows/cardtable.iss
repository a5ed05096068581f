; Inno Setup 6 script: the Windows installer for the PyInstaller build.
; Built by .github/workflows/build.yml on windows-latest (it cannot be built or run on Linux):
;
;   pyinstaller build.spec
;   iscc /DAppVersion=0.1.0 packaging\windows\cardtable.iss     (version from pyproject.toml)
;
; -> dist\cardtable-<version>-windows-x64-setup.exe. Installs per user by default (no admin prompt;
; the wizard offers "all users"), Start-menu shortcut, optional desktop shortcut, an uninstaller in
; "Apps & features". Same build folder, icon and version as the Linux .deb.
; Saved as UTF-8 with a BOM so the Chinese shortcut names compile correctly.

#ifndef AppVersion
  #error Pass the version from pyproject.toml: iscc /DAppVersion=X.Y.Z packaging\windows\cardtable.iss
#endif
#define Root "..\.."
#define AppExe "cardtable.exe"
#define ShortcutName "卡牌桌 Cardtable"

[Setup]
AppId={{6B0E6C51-7B1D-4C1A-9E07-2F3B8D5C4A90}
AppName=Cardtable 卡牌桌
AppVersion={#AppVersion}
AppVerName=Cardtable 卡牌桌 {#AppVersion}
AppPublisher=cardtable
DefaultDirName={autopf}\Cardtable
DefaultGroupName={#ShortcutName}
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64
ArchitecturesInstallIn64BitMode=x64
OutputDir={#Root}\dist
OutputBaseFilename=cardtable-{#AppVersion}-windows-x64-setup
SetupIconFile={#Root}\packaging\icons\cardtable.ico
UninstallDisplayIcon={app}\{#AppExe}
UninstallDisplayName=Cardtable 卡牌桌
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern

[Languages]
; Inno Setup ships no Chinese wizard texts (they are unofficial translations); the wizard is in
; English, the shortcuts and the app itself are in Chinese.
Name: "en"; MessagesFile: "compiler:Default.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#Root}\dist\cardtable\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\{#ShortcutName}"; Filename: "{app}\{#AppExe}"
Name: "{autodesktop}\{#ShortcutName}"; Filename: "{app}\{#AppExe}"; Tasks: desktopicon

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,Cardtable}"; Flags: nowait postinstall skipifsilent
