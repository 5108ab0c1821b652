if(!window.rtKeys){
 window.rtKeys=(function(){
  var MOVES='.rt-game .rt-controls, .rt-scn-moves, .rt-quiz-choices, .rt-guide-moves';
  var NEXT='.rt-game .rt-bot-move, .rt-game .rt-play-again, .rt-quiz-check, .rt-quiz-next, .rt-guide-done, .rt-stepper .rt-next';
  var WAIT='.rt-game .rt-status, .rt-scn-goal, .rt-quiz-prompt, .rt-guide-header';
  var REGION='.rt-game, .rt-scenarios, .rt-quiz, .rt-guide, .rt-stepper, .rt-rules';
  var last=null, region=null, auto=null, autoLevel=0, lost=0;
  function usable(b){
   return b&&b.isConnected&&b.offsetParent!==null&&!b.disabled&&b.getAttribute('aria-disabled')!=='true';
  }
  function shown(sel,root){
   var all=(root||document).querySelectorAll(sel);
   for(var i=0;i<all.length;i++){if(all[i].offsetParent!==null){return all[i];}}
   return null;
  }
  function firstIn(box,sel){
   if(!box){return null;}
   var bs=box.querySelectorAll(sel||'button, input, select');
   for(var i=0;i<bs.length;i++){if(usable(bs[i])){return bs[i];}}
   return null;
  }
  function target(root){
   var scope=root&&root.isConnected&&root.offsetParent!==null?root:shown('.rt-tabs > .jupyter-widget-TabPanel-tabContents > *');
   if(!scope){scope=document;}
   var moves=scope.matches&&scope.matches(MOVES)?scope:null;
   var boxes=scope.querySelectorAll(MOVES);
   for(var i=0;!moves&&i<boxes.length;i++){if(boxes[i].offsetParent!==null&&firstIn(boxes[i],'button')){moves=boxes[i];}}
   var m=firstIn(moves,'button');
   if(m){return [m,2];}
   var n=firstIn(scope,NEXT);
   if(n){return [n,1];}
   var s=firstIn(scope,'.rt-rule-search input');
   if(s){return [s,2];}
   var w=shown(WAIT,scope);
   if(w){if(!w.hasAttribute('tabindex')){w.setAttribute('tabindex','-1');}return [w,0];}
   return [null,0];
  }
  function place(el,level){auto=level<2?el:null;autoLevel=level;el.focus();}
  document.addEventListener('focusin',function(e){
   var el=e.target;
   if(!el||el===document.body){return;}
   last=el; var r=el.closest&&el.closest(REGION); if(r){region=r;}
   if(el!==auto){auto=null;}
  },true);
  document.addEventListener('mousedown',function(e){
   if(!(e.target.closest&&e.target.closest('button, a, input, select, textarea, summary, [tabindex]'))){last=null;}
  },true);
  function check(){
   var a=document.activeElement;
   if(auto&&a===auto){
    var better=target(region);
    if(better[0]&&better[1]>autoLevel){place(better[0],better[1]);}
    return;
   }
   if(a&&a!==document.body&&a.isConnected&&a.offsetParent!==null&&!a.disabled){return;}
   if(!last){return;}
   if(usable(last)){place(last,2);return;}
   if(!lost){lost=Date.now();}
   if(Date.now()-lost>120000){last=null;lost=0;return;}
   var t=target(region);
   if(t[0]){lost=0;place(t[0],t[1]);}
  }
  function skipLink(){
   var L=window.rtLabels||{}, k=document.querySelector('a.rt-skip');
   if(!k){
    k=document.createElement('a'); k.className='rt-skip'; k.href='#';
    k.addEventListener('click',function(e){
     e.preventDefault(); var t=target(null); if(t[0]){place(t[0],t[1]);}
    });
    document.body.insertBefore(k,document.body.firstChild);
   }
   var said=L.skip||'Skip to the moves';
   if(k.textContent!==said){k.textContent=said;}
  }
  var queued=false;
  new MutationObserver(function(){ if(queued)return; queued=true;
   requestAnimationFrame(function(){queued=false;skipLink();check();}); })
   .observe(document.body,{childList:true,subtree:true,attributes:true,attributeFilter:['disabled','class','aria-disabled']});
  setInterval(check,200);
  return {target:target,check:check,skipLink:skipLink};
 })();
}
window.rtKeys.skipLink();
