; Inno Setup 6 script: the Windows installer for the PyInstaller build.
; Built by .github/workflows/build.yml on windows-latest, and from Debian under wine by
; packaging/windows/build_and_smoke_wine.sh (which also smoke-tests it):
;
;   pyinstaller build.spec
;   iscc /DAppVersion=0.1.0 packaging\windows\cardtable.iss   (python packaging/version.py)
;
; -> dist\cardtable-<version>-windows-x64-setup.exe. Installs per user by default (no admin prompt,
; into %LOCALAPPDATA%\Programs\Cardtable; the wizard offers "all users", /ALLUSERS on the command
; line), Start-menu shortcut, optional desktop shortcut, an uninstaller in "Apps & features" that
; removes the program and leaves the player's saves, settings and logs (%LOCALAPPDATA%\cardtable).
; The wizard speaks Traditional or Simplified Chinese as the system's language says, English
; otherwise (languages\*.isl). Same build folder, icon and version as the Linux .deb.
; Saved as UTF-8 with a BOM so the Chinese shortcut names compile correctly.

#ifndef AppVersion
  #error Pass the version from pyproject.toml: iscc /DAppVersion=X.Y.Z packaging\windows\cardtable.iss
#endif
#define Root "..\.."
; where it installs: Program Files for all users, %LOCALAPPDATA%\Programs for one. (The wine
; smoke test builds a copy with /DInstallDir=... for its per-user run only: wine 8.0 cannot
; expand {autopf} per user. What ships is this default.)
#ifndef InstallDir
  #define InstallDir "{autopf}\Cardtable"
#endif
#define AppExe "cardtable.exe"
#define ShortcutName "卡牌桌 Cardtable"

[Setup]
AppId={{6B0E6C51-7B1D-4C1A-9E07-2F3B8D5C4A90}
AppName=Cardtable 卡牌桌
AppVersion={#AppVersion}
AppVerName=Cardtable 卡牌桌 {#AppVersion}
AppPublisher=cardtable
DefaultDirName={#InstallDir}
DefaultGroupName={#ShortcutName}
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
; x64 Windows, and Windows on Arm (which runs x64 programs)
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputDir={#Root}\dist
OutputBaseFilename=cardtable-{#AppVersion}-windows-x64-setup
SetupIconFile={#Root}\packaging\icons\cardtable.ico
UninstallDisplayIcon={app}\{#AppExe}
UninstallDisplayName=Cardtable 卡牌桌
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
; the wizard's language follows the system's UI language, without asking: zh-TW, zh-HK and
; zh-MO get Traditional Chinese, zh-CN Simplified, any other language English (the first entry)
ShowLanguageDialog=no
LanguageDetectionMethod=uilanguage

[Languages]
; Inno Setup ships no Chinese messages (only unofficial translations): ours are written in
; languages\zh-TW.isl, zh-CN.isl is generated from it (packaging/windows/make_zh_cn_isl.py), each
; over the English file, so a rare message nobody translated still reads in English.
; Order matters: English is the fallback; Traditional before Simplified for the Chinese locales
; without an exact match (Hong Kong, Macau).
Name: "en"; MessagesFile: "compiler:Default.isl"
Name: "zh_TW"; MessagesFile: "compiler:Default.isl,languages\zh-TW.isl"
Name: "zh_CN"; MessagesFile: "compiler:Default.isl,languages\zh-CN.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#Root}\dist\cardtable\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs
; the licence beside the program (the fonts' licences are in _internal\assets\fonts\OFL*.txt)
Source: "{#Root}\LICENSE"; DestDir: "{app}"; DestName: "LICENSE.txt"; Flags: ignoreversion

[Icons]
Name: "{autoprograms}\{#ShortcutName}"; Filename: "{app}\{#AppExe}"
Name: "{autodesktop}\{#ShortcutName}"; Filename: "{app}\{#AppExe}"; Tasks: desktopicon

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,Cardtable}"; Flags: nowait postinstall skipifsilent
