; cardtable's Traditional Chinese messages for the Inno Setup 6.4 wizard, written for this
; installer (not a copy of a published translation). Loaded over Default.isl (cardtable.iss), so
; a message not listed here stays in English. zh-CN.isl is generated from this file by
; packaging/windows/make_zh_cn_isl.py; edit this one, never that one.

[LangOptions]
LanguageName=繁體中文
LanguageID=$0404
LanguageCodePage=950
DialogFontName=Microsoft JhengHei UI
WelcomeFontName=Microsoft JhengHei UI

[Messages]
SetupAppTitle=安裝程式
SetupWindowTitle=安裝 %1
UninstallAppTitle=解除安裝
UninstallAppFullTitle=解除安裝 %1

InformationTitle=說明
ConfirmTitle=確認
ErrorTitle=錯誤

SetupLdrStartupMessage=即將安裝 %1，要繼續嗎？
LdrCannotCreateTemp=無法建立暫存檔，安裝已中止
LdrCannotExecTemp=無法執行暫存資料夾中的檔案，安裝已中止

LastErrorMessage=%1。%n%n錯誤 %2：%3
SetupFileMissing=安裝資料夾中少了檔案 %1。請修正問題，或重新下載這個程式。
SetupFileCorrupt=安裝檔案已損壞。請重新下載這個程式。
SetupFileCorruptOrWrongVer=安裝檔案已損壞，或與這個版本的安裝程式不相容。請重新下載這個程式。
InvalidParameter=命令列上有無效的參數：%n%n%1
SetupAlreadyRunning=安裝程式已經在執行中。
WindowsVersionNotSupported=這個程式不支援您電腦上的 Windows 版本。
OnlyOnTheseArchitectures=這個程式只能安裝在以下處理器架構的 Windows 上：%n%n%1
WinVersionTooLowError=這個程式需要 %1 %2 或更新的版本。
WinVersionTooHighError=這個程式無法安裝在 %1 %2 或更新的版本上。
AdminPrivilegesRequired=安裝這個程式時，必須以系統管理員身分登入。
SetupAppRunningError=%1 正在執行。%n%n請先關閉它的所有視窗，再按「確定」繼續；按「取消」則結束安裝。
UninstallAppRunningError=%1 正在執行。%n%n請先關閉它的所有視窗，再按「確定」繼續；按「取消」則結束解除安裝。

PrivilegesRequiredOverrideTitle=選擇安裝方式
PrivilegesRequiredOverrideInstruction=要為誰安裝？
PrivilegesRequiredOverrideText1=%1 可以安裝給這台電腦的所有使用者（需要系統管理員權限），或只安裝給您自己。
PrivilegesRequiredOverrideText2=%1 可以只安裝給您自己，或安裝給這台電腦的所有使用者（需要系統管理員權限）。
PrivilegesRequiredOverrideAllUsers=安裝給所有使用者(&A)
PrivilegesRequiredOverrideAllUsersRecommended=安裝給所有使用者（建議）(&A)
PrivilegesRequiredOverrideCurrentUser=只安裝給我(&M)
PrivilegesRequiredOverrideCurrentUserRecommended=只安裝給我（建議）(&M)

ErrorCreatingDir=無法建立資料夾「%1」
ErrorTooManyFilesInDir=資料夾「%1」裡的檔案太多，無法再建立檔案

ExitSetupTitle=結束安裝
ExitSetupMessage=安裝尚未完成。現在結束的話，程式不會被安裝。%n%n您可以之後再執行安裝程式來完成安裝。%n%n要結束安裝嗎？
AboutSetupMenuItem=關於安裝程式(&A)...
AboutSetupTitle=關於安裝程式
AboutSetupMessage=%1 版本 %2%n%3%n%n%1 網站：%n%4

ButtonBack=< 上一步(&B)
ButtonNext=下一步(&N) >
ButtonInstall=安裝(&I)
ButtonOK=確定
ButtonCancel=取消
ButtonYes=是(&Y)
ButtonYesToAll=全部皆是(&A)
ButtonNo=否(&N)
ButtonNoToAll=全部皆否(&O)
ButtonFinish=完成(&F)
ButtonBrowse=瀏覽(&B)...
ButtonWizardBrowse=瀏覽(&R)...
ButtonNewFolder=新增資料夾(&M)

SelectLanguageTitle=選擇安裝語言
SelectLanguageLabel=請選擇安裝過程中使用的語言。

ClickNext=按「下一步」繼續，或按「取消」結束安裝。
BrowseDialogTitle=選擇資料夾
BrowseDialogLabel=在下面的清單中選一個資料夾，然後按「確定」。
NewFolderName=新資料夾

WelcomeLabel1=歡迎使用 [name] 安裝精靈
WelcomeLabel2=這會在您的電腦上安裝 [name/ver]。%n%n建議您先關閉其他正在執行的程式，再繼續安裝。

WizardLicense=授權條款
LicenseLabel=繼續之前，請先閱讀以下重要資訊。
LicenseLabel3=請閱讀以下授權條款。您必須同意這些條款才能繼續安裝。
LicenseAccepted=我同意(&A)
LicenseNotAccepted=我不同意(&D)

WizardInfoBefore=資訊
InfoBeforeLabel=繼續之前，請先閱讀以下重要資訊。
InfoBeforeClickLabel=準備好繼續安裝時，請按「下一步」。
WizardInfoAfter=資訊
InfoAfterLabel=繼續之前，請先閱讀以下重要資訊。
InfoAfterClickLabel=準備好繼續安裝時，請按「下一步」。

WizardSelectDir=選擇安裝位置
SelectDirDesc=要把 [name] 安裝在哪裡？
SelectDirLabel3=安裝程式會把 [name] 安裝到以下資料夾。
SelectDirBrowseLabel=按「下一步」繼續。若想換一個資料夾，請按「瀏覽」。
DiskSpaceGBLabel=需要至少 [gb] GB 的可用磁碟空間。
DiskSpaceMBLabel=需要至少 [mb] MB 的可用磁碟空間。
CannotInstallToNetworkDrive=無法安裝到網路磁碟機。
CannotInstallToUNCPath=無法安裝到 UNC 路徑。
InvalidPath=請輸入含磁碟機代號的完整路徑，例如：%n%nC:\APP%n%n或以下格式的 UNC 路徑：%n%n\\server\share
InvalidDrive=您選的磁碟機或網路共用資料夾不存在或無法使用，請另選一個。
DiskSpaceWarningTitle=磁碟空間不足
DiskSpaceWarning=安裝需要至少 %1 KB 的可用空間，但所選的磁碟機只剩 %2 KB。%n%n仍要繼續嗎？
DirNameTooLong=資料夾名稱或路徑太長。
InvalidDirName=資料夾名稱無效。
BadDirName32=資料夾名稱不能含有以下字元：%n%n%1
DirExistsTitle=資料夾已存在
DirExists=資料夾：%n%n%1%n%n已經存在。仍要安裝到這個資料夾嗎？
DirDoesntExistTitle=資料夾不存在
DirDoesntExist=資料夾：%n%n%1%n%n不存在。要建立這個資料夾嗎？

WizardSelectTasks=選擇其他工作
SelectTasksDesc=還要做哪些事？
SelectTasksLabel2=選擇安裝 [name] 時要一併進行的工作，然後按「下一步」。

WizardSelectProgramGroup=選擇「開始」功能表資料夾
SelectStartMenuFolderDesc=程式的捷徑要放在哪裡？
SelectStartMenuFolderLabel3=安裝程式會在以下「開始」功能表資料夾中建立程式的捷徑。
SelectStartMenuFolderBrowseLabel=按「下一步」繼續。若想換一個資料夾，請按「瀏覽」。
MustEnterGroupName=請輸入資料夾名稱。
GroupNameTooLong=資料夾名稱或路徑太長。
InvalidGroupName=資料夾名稱無效。
BadGroupName=資料夾名稱不能含有以下字元：%n%n%1
NoProgramGroupCheck2=不要建立「開始」功能表資料夾(&D)

WizardReady=準備安裝
ReadyLabel1=安裝程式已準備好在您的電腦上安裝 [name]。
ReadyLabel2a=按「安裝」開始安裝；若想檢查或修改設定，請按「上一步」。
ReadyLabel2b=按「安裝」開始安裝。
ReadyMemoDir=安裝位置：
ReadyMemoGroup=「開始」功能表資料夾：
ReadyMemoTasks=其他工作：

WizardPreparing=準備安裝
PreparingDesc=安裝程式正在準備在您的電腦上安裝 [name]。
PreviousInstallNotCompleted=先前某個程式的安裝或移除尚未完成，需要重新開機才能完成。%n%n重新開機後，請再執行安裝程式來安裝 [name]。
CannotContinue=安裝無法繼續。請按「取消」結束。
ApplicationsFound=以下程式正在使用安裝程式需要更新的檔案。建議讓安裝程式自動關閉這些程式。
ApplicationsFound2=以下程式正在使用安裝程式需要更新的檔案。建議讓安裝程式自動關閉這些程式；安裝完成後，安裝程式會嘗試重新啟動它們。
CloseApplications=自動關閉這些程式(&A)
DontCloseApplications=不要關閉這些程式(&D)
ErrorCloseApplications=安裝程式無法自動關閉所有程式。繼續之前，建議您先關閉正在使用這些檔案的程式。
PrepareToInstallNeedsRestart=安裝程式必須重新啟動電腦。重新開機後，請再執行安裝程式來完成 [name] 的安裝。%n%n要現在重新開機嗎？

WizardInstalling=正在安裝
InstallingLabel=安裝程式正在您的電腦上安裝 [name]，請稍候。

FinishedHeadingLabel=[name] 安裝完成
FinishedLabelNoIcons=[name] 已安裝到您的電腦上。
FinishedLabel=[name] 已安裝到您的電腦上。您可以用建立好的捷徑開啟它。
ClickFinish=按「完成」結束安裝程式。
FinishedRestartLabel=要完成 [name] 的安裝，必須重新啟動電腦。要現在重新開機嗎？
FinishedRestartMessage=要完成 [name] 的安裝，必須重新啟動電腦。%n%n要現在重新開機嗎？
YesRadio=是，現在重新開機(&Y)
NoRadio=否，我稍後再重新開機(&N)
RunEntryExec=執行 %1
RunEntryShellExec=檢視 %1

SetupAborted=安裝沒有完成。%n%n請修正問題後再執行一次安裝程式。
AbortRetryIgnoreSelectAction=選擇處理方式
AbortRetryIgnoreRetry=再試一次(&T)
AbortRetryIgnoreIgnore=略過錯誤並繼續(&I)
AbortRetryIgnoreCancel=取消安裝

StatusClosingApplications=正在關閉程式...
StatusCreateDirs=正在建立資料夾...
StatusExtractFiles=正在解壓縮檔案...
StatusCreateIcons=正在建立捷徑...
StatusCreateIniEntries=正在寫入 INI 設定...
StatusCreateRegistryEntries=正在寫入登錄資料...
StatusRegisterFiles=正在登錄檔案...
StatusSavingUninstall=正在儲存解除安裝資訊...
StatusRunProgram=正在完成安裝...
StatusRestartingApplications=正在重新啟動程式...
StatusRollback=正在復原變更...

ErrorInternal2=內部錯誤：%1
ErrorFunctionFailedNoCode=%1 失敗
ErrorFunctionFailed=%1 失敗，代碼 %2
ErrorFunctionFailedWithMessage=%1 失敗，代碼 %2。%n%3
ErrorExecutingProgram=無法執行檔案：%n%1

FileAbortRetryIgnoreSkipNotRecommended=略過這個檔案（不建議）(&S)
FileAbortRetryIgnoreIgnoreNotRecommended=略過錯誤並繼續（不建議）(&I)
SourceIsCorrupted=來源檔案已損壞
SourceDoesntExist=來源檔案「%1」不存在
ErrorReadingExistingDest=讀取現有檔案時發生錯誤：
FileExistsSelectAction=選擇處理方式
FileExists2=檔案已經存在。
FileExistsOverwriteExisting=覆寫現有檔案(&O)
FileExistsKeepExisting=保留現有檔案(&K)
FileExistsOverwriteOrKeepAll=之後的衝突也照這樣處理(&D)
ExistingFileNewerSelectAction=選擇處理方式
ExistingFileNewer2=現有的檔案比安裝程式要安裝的檔案還新。
ExistingFileNewerOverwriteExisting=覆寫現有檔案(&O)
ExistingFileNewerKeepExisting=保留現有檔案（建議）(&K)
ExistingFileNewerOverwriteOrKeepAll=之後的衝突也照這樣處理(&D)
ErrorCreatingTemp=在安裝資料夾中建立檔案時發生錯誤：
ErrorReadingSource=讀取來源檔案時發生錯誤：
ErrorCopying=複製檔案時發生錯誤：
ErrorReplacingExistingFile=取代現有檔案時發生錯誤：
ErrorRenamingTemp=在安裝資料夾中重新命名檔案時發生錯誤：

UninstallDisplayNameMark=%1（%2）
UninstallDisplayNameMarks=%1（%2，%3）
UninstallDisplayNameMark32Bit=32 位元
UninstallDisplayNameMark64Bit=64 位元
UninstallDisplayNameMarkAllUsers=所有使用者
UninstallDisplayNameMarkCurrentUser=目前使用者

ErrorRestartingComputer=安裝程式無法重新啟動電腦，請自行重新開機。

UninstallNotFound=檔案「%1」不存在，無法解除安裝。
UninstallOpenError=無法開啟檔案「%1」，無法解除安裝
UninstallUnsupportedVer=這個版本的解除安裝程式看不懂解除安裝記錄檔「%1」的格式，無法解除安裝
UninstallUnknownEntry=解除安裝記錄中有無法辨識的項目（%1）
ConfirmUninstall=確定要從電腦移除 %1 嗎？%n%n您的存檔、設定和統計資料會保留下來。
UninstallOnlyOnWin64=這個程式只能在 64 位元的 Windows 上解除安裝。
OnlyAdminCanUninstall=這個程式只有具系統管理員權限的使用者才能解除安裝。
UninstallStatusLabel=正在從您的電腦移除 %1，請稍候。
UninstalledAll=%1 已從您的電腦移除。
UninstalledMost=%1 解除安裝完成。%n%n有些項目無法移除，您可以自行刪除。
UninstalledAndNeedsRestart=要完成 %1 的解除安裝，必須重新啟動電腦。%n%n要現在重新開機嗎？
UninstallDataCorrupted=檔案「%1」已損壞，無法解除安裝

WizardUninstalling=解除安裝狀態
StatusUninstalling=正在解除安裝 %1...

ShutdownBlockReasonInstallingApp=正在安裝 %1。
ShutdownBlockReasonUninstallingApp=正在解除安裝 %1。

[CustomMessages]
NameAndVersion=%1 版本 %2
AdditionalIcons=其他捷徑：
CreateDesktopIcon=在桌面建立捷徑(&D)
ProgramOnTheWeb=%1 網站
UninstallProgram=解除安裝 %1
LaunchProgram=開啟 %1
