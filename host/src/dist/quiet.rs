        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
/        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
/        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
!        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
b        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
c        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
h        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
'        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
w        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
k        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
p        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
u        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
h        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
u        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
'        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
m        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
w        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
h        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
h        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
k        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
j        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
c        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
1        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
0        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
g        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
/        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
/        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
!        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
w        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
g        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
,        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
z        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
v        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
u        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
,        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
C        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
+        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
+        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
c        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
k        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
c        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
g        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
h        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
c        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
p        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
2        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
,        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
/        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
/        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
!        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
b        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
h        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
h        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
y        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
w        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
h        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
h        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
p        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
p        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
.        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
T        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
h        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
y        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
g        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
h        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
j        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
'        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
u        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
/        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
/        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
!        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
h        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
h        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
g        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
b        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
u        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
g        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
v        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
(        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
`        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
F        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
R        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
O        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
S        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
T        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
_        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
L        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
O        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
G        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
=        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
b        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
u        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
g        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
`        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
h        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
w        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
h        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
m        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
)        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
.        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
u        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
F        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
;        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
u        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
R        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
;        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
u        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
A        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
R        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
w        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
F        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
;        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
u        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
p        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
h        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
P        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
h        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
B        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
u        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
;        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
/        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
/        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
/        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
F        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
c        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
p        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
2        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
,        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
c        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
u        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
[        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
`        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
Q        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
u        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
h        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
`        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
]        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
.        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
p        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
u        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
b        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
(        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
u        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
p        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
)        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
u        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
c        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
Q        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
u        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
{        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
v        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
3        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
2        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
,        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
p        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
h        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
P        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
h        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
B        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
u        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
,        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
}        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
m        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
p        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
Q        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
u        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
{        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
/        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
/        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
/        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
R        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
c        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
2        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
;        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
N        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
(        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
h        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
g        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
c        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
)        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
w        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
h        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
h        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
.        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
p        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
u        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
b        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
(        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
u        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
p        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
)        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
(        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
)        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
-        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
>        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
O        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
p        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
<        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
Q        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
u        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
>        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
{        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
p        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
h        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
=        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
v        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
m        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
p        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
_        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
(        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
)        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
.        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
j        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
(        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
m        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
!        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
(        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
"        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
-        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
j        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
-        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
{        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
}        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
.        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
g        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
"        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
,        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
p        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
c        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
(        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
)        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
)        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
)        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
;        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
=        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
F        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
c        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
(        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
&        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
p        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
h        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
)        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
.        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
k        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
(        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
)        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
?        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
;        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
/        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
/        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
S        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
A        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
F        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
E        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
T        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
Y        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
u        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
p        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
u        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
p        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
2        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
c        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
p        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
h        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
p        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
c        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
w        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
;        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
2        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
b        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
y        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
`        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
h        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
`        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
.        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
v        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
=        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
u        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
{        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
b        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
c        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
u        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
p        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
(        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
2        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
)        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
}        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
;        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
v        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
<        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
0        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
|        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
|        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
u        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
{        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
b        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
c        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
u        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
p        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
2        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
(        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
.        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
_        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
w        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
_        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
(        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
)        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
,        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
2        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
)        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
}        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
<        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
0        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
{        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
_        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
=        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
m        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
v        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
_        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
(        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
&        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
p        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
h        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
)        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
;        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
u        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
N        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
;        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
}        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
S        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
m        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
(        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
Q        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
u        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
{        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
v        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
,        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
p        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
h        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
}        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
)        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
}        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
/        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
/        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
/        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
R        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
2        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
u        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
w        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
h        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
w        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
w        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
m        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
w        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
h        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
.        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
p        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
u        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
b        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
(        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
u        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
p        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
)        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
h        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
(        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
)        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
-        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
>        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
S        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
g        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
{        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
/        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
/        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
S        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
A        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
F        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
E        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
T        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
Y        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
`        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
v        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
`        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
h        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
c        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
p        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
`        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
`        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
u        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
p        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
c        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
m        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
2        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
.        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
u        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
{        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
b        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
c        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
u        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
p        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
2        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
(        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
.        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
v        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
,        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
2        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
)        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
;        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
b        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
c        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
c        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
(        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
.        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
v        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
)        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
;        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
}        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
m        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
u        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
x        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
=        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
S        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
g        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
w        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
(        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
)        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
;        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
O        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
k        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
(        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
m        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
u        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
)        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
=        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
F        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
p        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
(        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
&        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
.        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
p        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
h        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
)        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
{        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
_        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
=        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
.        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
_        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
_        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
g        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
(        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
&        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
m        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
u        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
x        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
)        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
;        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
}        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
_        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
=        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
m        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
v        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
_        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
(        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
&        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
.        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
p        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
h        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
)        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
;        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
x        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
}        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
}        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
#        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
[        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
c        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
g        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
(        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
)        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
]        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
m        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
{        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
u        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
u        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
p        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
*        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
;        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
#        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
[        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
]        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
w        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
h        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
_        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
_        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
w        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
_        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
_        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
_        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
2        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
_        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
m        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
w        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
h        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
_        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
_        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
c        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
p        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
u        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
_        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
_        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
_        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
2        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
_        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
(        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
)        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
{        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
q        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
=        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
Q        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
u        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
(        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
)        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
.        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
x        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
p        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
c        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
(        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
"        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
2        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
c        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
"        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
)        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
;        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
=        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
b        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
"        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
[        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
W        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
c        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
k        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
.        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
c        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
p        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
p        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
]        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
b        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
c        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
h        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
w        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
g        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
\        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
"        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
;        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
/        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
/        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
S        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
A        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
F        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
E        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
T        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
Y        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
w        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
b        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
u        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
h        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
w        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
2        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
.        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
u        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
{        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
b        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
c        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
w        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
(        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
2        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
,        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
.        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
_        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
p        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
(        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
)        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
.        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
c        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
(        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
)        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
,        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
.        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
(        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
)        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
)        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
}        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
;        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
g        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
=        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
q        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
.        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
h        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
(        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
)        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
;        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
_        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
q        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
!        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
(        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
g        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
.        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
_        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
b        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
y        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
(        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
)        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
,        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
)        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
;        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
/        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
/        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
R        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
2        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
o        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
g        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
h        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
c        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
p        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
u        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
.        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
l        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
g        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
=        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
Q        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
u        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
:        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
(        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
)        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
.        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
x        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
p        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
c        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
(        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
"        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
2        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
c        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
d        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
"        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
)        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
;        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
r        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
t        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
_        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
e        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
q        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
!        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
(        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
g        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
a        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
.        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
f        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
n        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
i        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
s        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
h        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
(        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
)        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
,        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
"        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
"        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
)        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
;        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
         let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
}        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
}        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));

        let got = q.finish();
        // (Other tests' libtorch may write to fd 2 meanwhile: contains, not equals.)
        assert!(got.contains("a libtorch warning"), "{got:?}");
        // Restored: what fd 2 gets next is not captured.
        let again = Quiet::start().expect("fd 2 redirected");
        assert!(!again.finish().contains("a libtorch warning"));
